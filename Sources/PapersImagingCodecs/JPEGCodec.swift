import CImageCodecs
import PapersImaging

/// JPEG decoding and encoding through libjpeg-turbo (the one file that touches its C API).
public struct JPEGCodec: ImageDecoder, ImageEncoder {
    /// Encoding quality, 1–100.
    public var quality: Int
    /// Output pixel layout when decoding: `.gray` (fastest, for analysis) or `.rgb`.
    public var decodeFormat: Image.PixelFormat

    /// Creates a codec.
    public init(quality: Int = 90, decodeFormat: Image.PixelFormat = .rgb) {
        self.quality = quality
        self.decodeFormat = decodeFormat == .gray ? .gray : .rgb
    }

    /// Decodes a JPEG, refusing oversized headers before allocating, and applies its EXIF orientation.
    public func decode(_ data: [UInt8], limits: DecodingLimits = DecodingLimits()) throws(ImageCodecError) -> Image {
        guard !data.isEmpty else { throw ImageCodecError(code: .empty, container: "jpeg") }
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
        let header = data.withUnsafeBufferPointer { papers_jpeg_header($0.baseAddress, $0.count, &width, &height, &components) }
        guard header == PAPERS_CODEC_OK else { throw ImageCodecError(code: .corrupt, container: "jpeg") }
        try limits.check(width: Int(width), height: Int(height), container: "jpeg")
        guard components == 1 || components == 3 else { throw ImageCodecError(code: .unsupported, container: "jpeg") }
        let channels = decodeFormat.channels
        // DCT scaling: libjpeg decodes a fraction of the size directly, skipping the work.
        let denominator = Int32(limits.scaleDenominator(width: Int(width), height: Int(height)))
        if denominator > 1 {
            let scaled = data.withUnsafeBufferPointer { papers_jpeg_scaled_size($0.baseAddress, $0.count, denominator, &width, &height) }
            guard scaled == PAPERS_CODEC_OK else { throw ImageCodecError(code: .corrupt, container: "jpeg") }
        }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        let status = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                papers_jpeg_decode(source.baseAddress, source.count, Int32(channels), denominator,
                                   target.baseAddress, target.count, &outWidth, &outHeight)
            }
        }
        guard status == PAPERS_CODEC_OK,
              let image = Image(width: Int(outWidth), height: Int(outHeight), format: decodeFormat, pixels: pixels) else {
            throw ImageCodecError(code: status == PAPERS_CODEC_UNSUPPORTED ? .unsupported : .corrupt, container: "jpeg")
        }
        return image.applying(EXIFOrientation.read(fromJPEG: data))
    }

    /// Encodes gray or RGB pixels (RGBA loses its alpha) as a baseline JPEG.
    public func encode(_ image: Image) throws(ImageCodecError) -> [UInt8] {
        let source = image.format == .rgba ? image.rgb() : image
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = source.pixels.withUnsafeBufferPointer {
            papers_jpeg_encode($0.baseAddress, Int32(source.width), Int32(source.height), source.bytesPerRow,
                               Int32(source.channels), Int32(max(1, min(100, quality))), &output, &size)
        }
        guard status == PAPERS_CODEC_OK, let output else { throw ImageCodecError(code: .unsupported, container: "jpeg") }
        defer { papers_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
