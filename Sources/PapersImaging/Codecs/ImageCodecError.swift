/// An image that cannot be decoded or encoded. Never carries pixel data.
public struct ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No bytes at all.
        case empty = "IMAGE_EMPTY"
        /// Neither JPEG nor PNG (e.g. a text file).
        case unknownFormat = "IMAGE_UNKNOWN_FORMAT"
        /// The header claims more pixels than the limits allow (a decompression bomb).
        case tooLarge = "IMAGE_TOO_LARGE"
        /// The header claims a zero or negative size.
        case zeroSize = "IMAGE_ZERO_SIZE"
        /// The file is truncated or damaged.
        case corrupt = "IMAGE_CORRUPT"
        /// A valid file in a variant Papers does not decode (e.g. CMYK JPEG), or an unencodable image.
        case unsupported = "IMAGE_UNSUPPORTED"
    }

    /// What went wrong.
    public let code: Code
    /// The container format concerned (`jpeg`, `png`), when known.
    public let container: String?
    /// The claimed size, for `tooLarge` and `zeroSize`.
    public let claimedWidth: Int?
    /// The claimed size, for `tooLarge` and `zeroSize`.
    public let claimedHeight: Int?

    /// Creates an error.
    public init(code: Code, container: String? = nil, claimedWidth: Int? = nil, claimedHeight: Int? = nil) {
        self.code = code
        self.container = container
        self.claimedWidth = claimedWidth
        self.claimedHeight = claimedHeight
    }

    public var description: String {
        var text = code.rawValue
        if let container { text += " (\(container))" }
        switch code {
        case .empty: text += ": no image data"
        case .unknownFormat: text += ": not a JPEG or PNG image"
        case .tooLarge: text += ": claimed size \(claimedWidth ?? 0)x\(claimedHeight ?? 0) exceeds the decoding limits"
        case .zeroSize: text += ": the image claims no pixels"
        case .corrupt: text += ": the file is truncated or damaged"
        case .unsupported: text += ": this image variant is not supported"
        }
        return text
    }
}
