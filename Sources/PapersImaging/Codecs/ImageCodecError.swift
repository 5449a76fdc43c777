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

/// Limits applied before a decoder allocates pixels, so a small file cannot claim gigabytes.
public struct DecodingLimits: Sendable, Hashable {
    /// The largest width or height accepted. Default 20,000.
    public var maximumDimension: Int = 20_000
    /// The largest number of pixels accepted. Default 100 megapixels.
    public var maximumPixels: Int = 100_000_000

    /// The defaults.
    public init() {}

    /// Throws when a claimed size breaks the limits.
    public func check(width: Int, height: Int, container: String) throws(ImageCodecError) {
        guard width > 0, height > 0 else {
            throw ImageCodecError(code: .zeroSize, container: container, claimedWidth: width, claimedHeight: height)
        }
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixels else {
            throw ImageCodecError(code: .tooLarge, container: container, claimedWidth: width, claimedHeight: height)
        }
    }
}

/// Turns encoded bytes into an ``Image``. Implemented by native bindings (libjpeg-turbo, libpng)
/// or, on Apple platforms, by the system's frameworks.
public protocol ImageDecoder: Sendable {
    /// Decodes `data`, applying EXIF orientation where the format carries it.
    func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageCodecError) -> Image
}

/// Turns an ``Image`` into encoded bytes.
public protocol ImageEncoder: Sendable {
    /// Encodes `image`.
    func encode(_ image: Image) throws(ImageCodecError) -> [UInt8]
}

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
