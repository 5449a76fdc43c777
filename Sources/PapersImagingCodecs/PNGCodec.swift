import CImageCodecs
import PapersImaging

/// PNG decoding and encoding through libpng (the one file that touches its C API).
public struct PNGCodec: ImageDecoder, ImageEncoder {
    /// Output pixel layout when decoding; `nil` keeps the file's own (gray, RGB or RGBA).
    public var decodeFormat: Image.PixelFormat?

    /// Creates a codec.
    public init(decodeFormat: Image.PixelFormat? = nil) {
        self.decodeFormat = decodeFormat
    }

    /// Decodes a PNG, refusing oversized headers before allocating.
    public func decode(_ data: [UInt8], limits: DecodingLimits = DecodingLimits()) throws(ImageCodecError) -> Image {
        guard !data.isEmpty else { throw ImageCodecError(code: .empty, container: "png") }
        // The size sits at a fixed place in the IHDR chunk: check it before libpng reads anything else.
        if data.count >= 24, data[12..<16].elementsEqual(Array("IHDR".utf8)) {
            func be32(_ at: Int) -> Int { data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            try limits.check(width: be32(16), height: be32(20), container: "png")
        }
        var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
        let header = data.withUnsafeBufferPointer { papers_png_header($0.baseAddress, $0.count, &width, &height, &components) }
        guard header == PAPERS_CODEC_OK else { throw ImageCodecError(code: .corrupt, container: "png") }
        try limits.check(width: Int(width), height: Int(height), container: "png")
        let format: Image.PixelFormat = decodeFormat ?? (components <= 2 ? .gray : components == 3 ? .rgb : .rgba)
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * format.channels)
        let status = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                papers_png_decode(source.baseAddress, source.count, Int32(format.channels), target.baseAddress, target.count)
            }
        }
        guard status == PAPERS_CODEC_OK,
              let image = Image(width: Int(width), height: Int(height), format: format, pixels: pixels) else {
            throw ImageCodecError(code: .corrupt, container: "png")
        }
        return image
    }

    /// Encodes an image losslessly.
    public func encode(_ image: Image) throws(ImageCodecError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = image.pixels.withUnsafeBufferPointer {
            papers_png_encode($0.baseAddress, Int32(image.width), Int32(image.height), image.bytesPerRow,
                              Int32(image.channels), &output, &size)
        }
        guard status == PAPERS_CODEC_OK, let output else { throw ImageCodecError(code: .unsupported, container: "png") }
        defer { papers_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
