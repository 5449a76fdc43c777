import PapersImaging

/// An ``ImageDecoder`` for JPEG or PNG, whichever the bytes are: what a server decodes uploads with.
public struct SniffingImageDecoder: ImageDecoder {
    /// The pixel layout wanted (`.gray` for analysis, `.rgb` for display and reading).
    public var format: Image.PixelFormat

    /// Creates a decoder.
    public init(format: Image.PixelFormat = .rgb) {
        self.format = format
    }

    /// Decodes by sniffing the signature (``ImageCodecs/decode(_:format:limits:)``).
    public func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageCodecError) -> Image {
        try ImageCodecs.decode(data, format: format, limits: limits)
    }
}
