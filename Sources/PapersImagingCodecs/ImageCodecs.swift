import Foundation
import PapersImaging

/// Decodes JPEG or PNG bytes, whichever they are, with the native codecs.
public enum ImageCodecs {
    /// Decodes by sniffing the signature.
    ///
    /// - Parameter format: the pixel layout wanted (`.gray` for analysis, `.rgb` for display).
    /// - Throws: ``ImageCodecError`` for empty, unknown, oversized, truncated or corrupt input.
    public static func decode(_ data: [UInt8], format: Image.PixelFormat = .rgb,
                              limits: DecodingLimits = DecodingLimits()) throws(ImageCodecError) -> Image {
        guard !data.isEmpty else { throw ImageCodecError(code: .empty) }
        switch ImageContainer(sniffing: data) {
        case .jpeg: return try JPEGCodec(decodeFormat: format).decode(data, limits: limits)
        case .png:
            let image = try PNGCodec(decodeFormat: format == .rgba ? .rgba : format).decode(data, limits: limits)
            return image
        case nil: throw ImageCodecError(code: .unknownFormat)
        }
    }

    /// Reads and decodes an image file.
    public static func decode(contentsOf url: URL, format: Image.PixelFormat = .rgb,
                              limits: DecodingLimits = DecodingLimits()) throws -> Image {
        try decode([UInt8](try Data(contentsOf: url)), format: format, limits: limits)
    }

    /// Encodes for a file name: `.png` losslessly, anything else as JPEG.
    public static func encode(_ image: Image, forPath path: String, quality: Int = 90) throws(ImageCodecError) -> [UInt8] {
        path.lowercased().hasSuffix(".png") ? try PNGCodec().encode(image) : try JPEGCodec(quality: quality).encode(image)
    }
}
