/// The container format of encoded image bytes, from their signature.
public enum ImageContainer: String, Sendable, Hashable {
    case jpeg, png

    /// Sniffs the signature; `nil` when neither JPEG nor PNG.
    public init?(sniffing data: [UInt8]) {
        if data.count >= 3, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF {
            self = .jpeg
        } else if data.count >= 8, data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else {
            return nil
        }
    }
}
