import Foundation
import PapersBarcodesZXing
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import Testing

/// The shared sample images (zxing-cpp's test samples and this project's synthetic frames).
enum BarcodeSamples {
    /// `/work/shared/data/barcodes`, found from this file: Tests/PapersBarcodesZXingTests/ → ../../../shared.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/barcodes")

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("manifest.json").path) }

    /// One image and the payload bytes it must decode to.
    struct Sample: Sendable, CustomTestStringConvertible {
        let file: String
        let symbology: BarcodeSymbology
        let expected: [UInt8]
        var testDescription: String { file }
    }

    /// Every image of the manifest with its expected bytes.
    static func all() throws -> [Sample] {
        struct Manifest: Decodable {
            struct Entry: Decodable {
                let file: String
                let expected_text: String?
            }
            let images: [Entry]
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        return try manifest.images.map { entry in
            let expected: [UInt8]
            switch entry.file {
            case "synthetic_aamva_va_1920x1080.png":
                // The frame encodes IdParser's Virginia sample (see the manifest's "source").
                expected = try bytes(folder.deletingLastPathComponent().appendingPathComponent("aamva/idparser_va.txt"))
            case "synthetic_qr300B_1920x1080.png":
                // "294-byte ASCII payload": printable ASCII (0x20...0x7E) three times over, then "123456789".
                expected = (0..<285).map { UInt8(0x20 + $0 % 95) } + Array("123456789".utf8)
            default:
                guard let text = entry.expected_text else { throw SampleError(file: entry.file) }
                // Most entries name a .txt file (raw bytes, no trailing newline); the device-engagement
                // QR gives its text inline.
                if text.hasSuffix(".txt") {
                    expected = try bytes(folder.appendingPathComponent(text))
                } else {
                    expected = Array(text.utf8)
                }
            }
            let symbology: BarcodeSymbology = entry.file.contains("pdf417") || entry.file.contains("aamva") ? .pdf417 : .qrCode
            return Sample(file: entry.file, symbology: symbology, expected: expected)
        }
    }

    static func image(_ file: String) throws -> Image {
        try ImageCodecs.decode(try bytes(folder.appendingPathComponent(file)), format: .rgb)
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    struct SampleError: Error { let file: String }
}

@Suite("ZXing barcode reader")
struct ZXingBarcodeReaderTests {
    let reader = ZXingBarcodeReader()

    @Test("every shared sample decodes to its exact bytes",
          .enabled(if: BarcodeSamples.available, "the shared samples (../../../shared/data/barcodes from this file) are absent"))
    func sharedSamples() throws {
        let samples = try BarcodeSamples.all()
        #expect(samples.count == 13)
        for sample in samples {
            let image = try BarcodeSamples.image(sample.file)
            let found = try reader.read(image, symbologies: [.pdf417, .qrCode])
            #expect(found.map(\.bytes).contains(sample.expected), "\(sample.file): \(found.count) symbols, none with the expected bytes")
            #expect(found.allSatisfy { $0.symbology == sample.symbology }, "\(sample.file)")
            for barcode in found {
                #expect(barcode.corners.count == 4)
                #expect(barcode.corners.allSatisfy { $0.x > -2 && $0.y > -2 && $0.x < Double(image.width) + 2 && $0.y < Double(image.height) + 2 },
                        "\(sample.file): corners outside the image")
            }
        }
    }

    @Test("gray, RGB and RGBA inputs and padded rows decode alike",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"))
    func pixelFormats() throws {
        let data = try BarcodeSamples.bytes(BarcodeSamples.folder.appendingPathComponent("zxingcpp_pdf417-3_01.png"))
        let expected = try BarcodeSamples.bytes(BarcodeSamples.folder.appendingPathComponent("zxingcpp_pdf417-3_01.txt"))
        for format in Image.PixelFormat.allCases {
            let image = try ImageCodecs.decode(data, format: format)
            #expect(try reader.read(image, symbologies: [.pdf417]).map(\.bytes) == [expected], "\(format)")
            // The same pixels with 13 spare bytes at the end of every row.
            let rowBytes = image.width * format.channels
            var padded = [UInt8](repeating: 0xAB, count: (rowBytes + 13) * image.height)
            for y in 0..<image.height {
                padded.replaceSubrange(y * (rowBytes + 13)..<(y * (rowBytes + 13) + rowBytes), with: image.pixels[y * rowBytes..<(y + 1) * rowBytes])
            }
            let strided = try #require(Image(width: image.width, height: image.height, format: format, bytesPerRow: rowBytes + 13, pixels: padded))
            #expect(try reader.read(strided, symbologies: [.pdf417]).map(\.bytes) == [expected], "\(format), padded rows")
        }
    }

    @Test("the device-engagement QR comes back byte for byte",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"))
    func deviceEngagement() throws {
        let found = try reader.read(try BarcodeSamples.image("generated_mdl_device_engagement_qr.png"), symbologies: [.qrCode])
        let barcode = try #require(found.first)
        #expect(barcode.symbology == .qrCode)
        #expect(barcode.bytes.starts(with: Array("mdoc:".utf8)))
        #expect(barcode.bytes.count == 136)
    }

    @Test("only the requested symbologies are reported",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"))
    func symbologyFilter() throws {
        let qr = try BarcodeSamples.image("zxingcpp_qrcode-3_01.png")
        #expect(try ZXingBarcodeReader(configuration: .singlePass).read(qr, symbologies: [.pdf417]).isEmpty)
        #expect(try reader.read(qr, symbologies: []).isEmpty)
        #expect(try reader.read(qr, symbologies: [.qrCode]).count == 1)
    }

    @Test("corners run clockwise from the top-left of an upright symbol",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"))
    func cornerOrder() throws {
        let found = try reader.read(try BarcodeSamples.image("synthetic_qr300B_1920x1080.png"), symbologies: [.qrCode])
        let c = try #require(found.first).corners
        #expect(c[0].x < c[1].x && c[0].y < c[3].y)  // top-left is left of top-right and above bottom-left
        #expect(c[2].x > c[3].x && c[2].y > c[1].y)  // bottom-right is right of bottom-left and below top-right
    }

    /// The frame turned about its centre by `degrees` clockwise: the output rectangle's corners,
    /// turned back, are sampled.
    static func turned(_ frame: Image, degrees: Double) -> Image? {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        let (cx, cy) = (Double(frame.width) / 2, Double(frame.height) / 2)
        let corners = [(0.0, 0.0), (Double(frame.width), 0), (Double(frame.width), Double(frame.height)), (0, Double(frame.height))].map { x, y in
            Point(x: cx + c * (x - cx) + s * (y - cy), y: cy - s * (x - cx) + c * (y - cy))
        }
        return frame.warped(from: Quadrilateral(corners[0], corners[1], corners[2], corners[3]), width: frame.width, height: frame.height)
    }

    @Test("a skewed AAMVA PDF417 needs the rotation retries",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"), arguments: [-7.0, 5.0])
    func skewedPDF417(degrees: Double) throws {
        let frame = try BarcodeSamples.image("synthetic_aamva_va_1920x1080.png")
        let expected = try BarcodeSamples.bytes(BarcodeSamples.folder.deletingLastPathComponent().appendingPathComponent("aamva/idparser_va.txt"))
        let skewed = try #require(Self.turned(frame, degrees: degrees))
        // zxing-cpp 1.4's PDF417 detector gives up on a wide symbol a few degrees off the horizontal.
        #expect(try ZXingBarcodeReader(configuration: .singlePass).read(skewed, symbologies: [.pdf417]).isEmpty)
        #expect(try reader.read(skewed, symbologies: [.pdf417]).map(\.bytes) == [expected])
    }

    @Test("a document's angle in the hint turns a symbol beyond the ladder's rotations straight",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"), arguments: [20.0, -22.0])
    func documentAngleHint(degrees: Double) throws {
        let frame = try BarcodeSamples.image("synthetic_aamva_va_1920x1080.png")
        let expected = try BarcodeSamples.bytes(BarcodeSamples.folder.deletingLastPathComponent().appendingPathComponent("aamva/idparser_va.txt"))
        let skewed = try #require(Self.turned(frame, degrees: degrees))
        #expect(try reader.read(skewed, symbologies: [.pdf417]).isEmpty, "the plain ladder stops at 12 degrees")
        // The card's long side lies at `degrees`, or across it after a quarter turn: both fold to the same turn.
        for angle in [degrees, degrees + 90] {
            let hint = BarcodeImageHint(documentAngleDegrees: angle)
            #expect(try reader.read(skewed, symbologies: [.pdf417], hint: hint, until: { _ in true }).map(\.bytes) == [expected])
        }
    }

    @Test("noise, flat and one-pixel images give no symbol", arguments: [
        ("noise 640x480", 640, 480), ("noise 1x1", 1, 1), ("noise 3x2000", 3, 2000), ("flat 200x100", 200, 100),
    ])
    func garbage(name: String, width: Int, height: Int) throws {
        var image = Image(width: width, height: height, format: .gray, fill: 128)
        if name.hasPrefix("noise") {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for i in image.pixels.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        #expect(try reader.read(image, symbologies: Set(BarcodeSymbology.allCases)).isEmpty)
    }

    @Test("an invalid configuration is a typed error", arguments: [
        ZXingBarcodeReader.Attempt(scale: 0), ZXingBarcodeReader.Attempt(scale: 9), ZXingBarcodeReader.Attempt(rotationDegrees: 200),
        ZXingBarcodeReader.Attempt(sharpening: -1), ZXingBarcodeReader.Attempt(sharpening: 5),
    ])
    func invalidConfiguration(attempt: ZXingBarcodeReader.Attempt) {
        var configuration = ZXingBarcodeReader.Configuration()
        configuration.attempts = [attempt]
        let image = Image(width: 10, height: 10, format: .gray)
        #expect { try ZXingBarcodeReader(configuration: configuration).read(image, symbologies: [.qrCode]) } throws: {
            ($0 as? RecognitionError)?.code == .invalidInput
        }
        configuration.attempts = []
        #expect { try ZXingBarcodeReader(configuration: configuration).read(image, symbologies: [.qrCode]) } throws: {
            ($0 as? RecognitionError)?.code == .invalidInput
        }
    }

    @Test("enlargements read small dense symbols, within their own pixel budget",
          .enabled(if: BarcodeSamples.available, "the shared samples are absent"))
    func enlargementBudget() throws {
        let image = try BarcodeSamples.image("zxingcpp_qrcode-2_n1132.png")
        #expect(try !reader.read(image, symbologies: [.qrCode]).isEmpty, "the default ladder reads it")
        var configuration = ZXingBarcodeReader.Configuration()
        configuration.maximumEnlargedPixels = image.width * image.height
        #expect(try ZXingBarcodeReader(configuration: configuration).read(image, symbologies: [.qrCode]).isEmpty,
                "without the enlargements it is not read")
    }

    @Test("attempts that would exceed the pixel budget are skipped")
    func pixelBudget() throws {
        var configuration = ZXingBarcodeReader.Configuration()
        configuration.attempts = [ZXingBarcodeReader.Attempt(scale: 8)]
        configuration.maximumResampledPixels = 1000
        #expect(try ZXingBarcodeReader(configuration: configuration).read(Image(width: 100, height: 100, format: .gray), symbologies: [.qrCode]).isEmpty)
    }
}

@Suite("zxing barcode writer")
struct ZXingBarcodeWriterTests {
    @Test("a PDF417 of an AAMVA-shaped payload reads back byte for byte", arguments: [BarcodeSymbology.pdf417, .qrCode])
    func roundTrip(symbology: BarcodeSymbology) throws {
        let payload = Array("@\n\u{1e}\rANSI 636000090002DL00410050ZV00910008DLDAQT64235789\nDCSSAMPLE\nDACMICHAEL\n".utf8) + [0xE9]
        let symbol = try ZXingBarcodeWriter().image(encoding: payload, as: symbology)
        // Three pixels per module, as a printed label would have at least.
        let scaled = symbol.resized(width: symbol.width * 3, height: symbol.height * 3)
        let read = try ZXingBarcodeReader().read(scaled, symbologies: [symbology])
        #expect(read.first?.bytes == payload)
        // zxing-cpp's writer picks error-correction level 2 for a PDF417 of this size; a QR code has no numeric level.
        #expect(read.first?.errorCorrectionLevel == (symbology == .pdf417 ? 2 : nil))
    }
}
