/// The ICAO 9303 check digit: characters weighted 7, 3, 1 repeating, modulo 10.
public enum MRZCheckDigit {
    /// The numeric value of an MRZ character: digits are themselves, `A`=10 … `Z`=35, `<` and anything else 0.
    @inline(__always)
    public static func value(of byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return 0
        }
    }

    /// The check digit (0–9) of a run of MRZ characters.
    public static func compute<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var sum = 0
        var index = 0
        for byte in bytes {
            let weight: Int
            switch index % 3 {
            case 0: weight = 7
            case 1: weight = 3
            default: weight = 1
            }
            sum += value(of: byte) * weight
            index += 1
        }
        return sum % 10
    }

    /// The check digit of a string of MRZ characters.
    public static func compute(_ text: String) -> Int { compute(Array(text.utf8)) }

    /// Whether `check` is the right check digit for `bytes`. A `<` check over an all-filler
    /// field is accepted when `allowFillerCheck` is set (optional / personal number fields).
    public static func holds<C: Collection>(_ bytes: C, check: UInt8, allowFillerCheck: Bool = false) -> Bool
    where C.Element == UInt8 {
        if check == UInt8(ascii: "<") {
            return allowFillerCheck && bytes.allSatisfy { $0 == UInt8(ascii: "<") }
        }
        guard check >= UInt8(ascii: "0"), check <= UInt8(ascii: "9") else { return false }
        return compute(bytes) == Int(check - UInt8(ascii: "0"))
    }
}
