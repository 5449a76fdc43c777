import Foundation
import PapersImaging
import PapersImagingCodecs
import Testing

@Suite("Image codecs")
struct ImageCodecTests {
    static func gradient(_ format: Image.PixelFormat, width: Int = 37, height: Int = 23) -> Image {
        var image = Image(width: width, height: height, format: format)
        for y in 0..<height {
            for x in 0..<width {
                for k in 0..<format.channels {
                    image.pixels[(y * width + x) * format.channels + k] = UInt8((x * 7 + y * 11 + k * 50) % 256)
                }
            }
        }
        return image
    }

    @Test("PNG round trip is lossless", arguments: Image.PixelFormat.allCases)
    func pngRoundTrip(format: Image.PixelFormat) throws {
        let image = Self.gradient(format)
        let decoded = try PNGCodec().decode(try PNGCodec().encode(image), limits: DecodingLimits())
        #expect(decoded == image)
    }

    @Test("JPEG round trip stays close")
    func jpegRoundTrip() throws {
        var image = Image(width: 64, height: 48, format: .rgb)
        for y in 0..<48 { for x in 0..<64 { for k in 0..<3 { image.pixels[(y * 64 + x) * 3 + k] = UInt8(x * 2 + y * 2 + k * 10) } } }
        let bytes = try JPEGCodec(quality: 95).encode(image)
        #expect(ImageContainer(sniffing: bytes) == .jpeg)
        let decoded = try ImageCodecs.decode(bytes)
        #expect(decoded.width == 64 && decoded.height == 48)
        let error = zip(decoded.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.reduce(0, +) / image.pixels.count
        #expect(error < 4)
    }

    func code(_ bytes: [UInt8]) -> ImageCodecError.Code? {
        do {
            _ = try ImageCodecs.decode(bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("a large JPEG decodes scaled down to no fewer than the target's pixels; PNG and small JPEGs at full size")
    func scaledDecode() throws {
        let image = Self.gradient(.rgb, width: 1600, height: 1200)
        let jpeg = try JPEGCodec().encode(image)
        var limits = DecodingLimits()
        limits.targetPixels = 400_000
        #expect(limits.scaleDenominator(width: 1600, height: 1200) == 2)
        let half = try JPEGCodec().decode(jpeg, limits: limits)
        #expect(half.width == 800 && half.height == 600)
        limits.targetPixels = 100_000
        let quarter = try JPEGCodec().decode(jpeg, limits: limits)
        #expect(quarter.width == 400 && quarter.height == 300)
        limits.targetPixels = 5_000_000
        #expect(try JPEGCodec().decode(jpeg, limits: limits).width == 1600)
        limits.targetPixels = 100_000
        #expect(try PNGCodec().decode(try PNGCodec().encode(image), limits: limits).width == 1600)
    }

    @Test("malformed input gets a typed error, never a crash")
    func malformed() throws {
        #expect(code([]) == .empty)
        #expect(code(Array("this is a text file, not a photo\n".utf8)) == .unknownFormat)
        let jpeg = try JPEGCodec().encode(Self.gradient(.rgb, width: 64, height: 64))
        #expect(code(Array(jpeg.prefix(jpeg.count / 2))) == .corrupt)
        #expect(code(Array(jpeg.prefix(20))) == .corrupt)
        let png = try PNGCodec().encode(Self.gradient(.rgb, width: 64, height: 64))
        #expect(code(Array(png.prefix(png.count / 2))) == .corrupt)
        #expect(code(Array(png.prefix(12))) == .corrupt)
    }

    @Test("a PNG header claiming 50000×50000 is refused before any allocation")
    func decompressionBomb() {
        #expect(code(PNGHeader.make(width: 50_000, height: 50_000)) == .tooLarge)
        var limits = DecodingLimits()
        limits.maximumPixels = 100
        #expect(throws: ImageCodecError.self) { try ImageCodecs.decode(PNGHeader.make(width: 20, height: 20), limits: limits) }
    }

    @Test("a PNG header claiming zero pixels is refused")
    func zeroSize() {
        #expect(code(PNGHeader.make(width: 0, height: 10)) == .zeroSize)
    }

    @Test("EXIF orientation is applied on decode", arguments: [(6, true), (8, true), (3, false), (1, false)])
    func exifOrientation(value: Int, swapsSides: Bool) throws {
        let image = Self.gradient(.rgb, width: 40, height: 20)
        let jpeg = EXIFSegment.insert(orientation: value, into: try JPEGCodec(quality: 95).encode(image))
        #expect(EXIFOrientation.read(fromJPEG: jpeg) == EXIFOrientation(rawValue: value))
        let decoded = try ImageCodecs.decode(jpeg)
        #expect(decoded.width == (swapsSides ? 20 : 40))
        #expect(decoded.height == (swapsSides ? 40 : 20))
    }
}

/// Builds PNG files that hold only a signature and an IHDR chunk (with a correct CRC).
enum PNGHeader {
    static func make(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let body: [UInt8] = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + body + be32(Int(crc32(body)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Inserts a minimal big-endian Exif APP1 segment carrying an orientation after a JPEG's SOI marker.
enum EXIFSegment {
    static func insert(orientation: Int, into jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + payload + Array(jpeg.dropFirst(2))
    }
}
