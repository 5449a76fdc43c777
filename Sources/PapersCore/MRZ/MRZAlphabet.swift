/// The characters a machine-readable zone may hold (ICAO 9303 part 3, 4.3: the digits, the
/// capital letters A–Z and the filler `<`), in the order the OCR-B classifier and the glyph atlas
/// number them.
public enum MRZAlphabet {
    /// The 37 characters as ASCII bytes: `0`–`9`, `A`–`Z`, `<`.
    public static let characters: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<".utf8)

    /// The filler character `<`.
    public static let filler = UInt8(ascii: "<")

    /// The class index of `byte`, or `nil` for a byte outside the alphabet.
    public static func index(of byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        case filler: 36
        default: nil
        }
    }
}
