import CZXingShim
import Foundation
import PapersImaging
import PapersRecognition

/// Reads PDF417 and QR codes with zxing-cpp (the one file that touches its C API).
///
/// zxing-cpp 1.4 reads clean, upright symbols in one pass. When that pass finds nothing, the
/// reader retries with the other ``Attempt``s of its configuration, in order, and stops at the
/// first that finds anything. The default ladder was measured on the zxing-cpp samples and on a
/// synthetic corpus of skewed, blurred, noisy PDF417 and QR symbols: in-plane skew is what 1.4's
/// PDF417 detector tolerates least (a wide symbol fails beyond about 2 degrees), so most retries
/// rotate the image by a few degrees.
///
/// Payloads come back as raw bytes, exactly as encoded.
public struct ZXingBarcodeReader: BarcodeReader {
    /// One decoding pass: how to binarise and how to resample the image first.
    public struct Attempt: Sendable, Hashable {
        /// zxing's grey-to-black-and-white conversion.
        public enum Binarizer: Sendable, Hashable, CaseIterable {
            /// Thresholds from the local neighbourhood (zxing's default, hybrid binarizer).
            case localAverage
            /// One threshold per line from the valley of the histogram.
            case globalHistogram
            /// A fixed threshold of 127.
            case fixedThreshold
        }

        /// The binarizer.
        public var binarizer: Binarizer
        /// Resampling factor before decoding, 0.1 to 8 (1 keeps the image as it is).
        public var scale: Double
        /// In-plane rotation, clockwise, applied before decoding, -180 to 180 degrees.
        public var rotationDegrees: Double
        /// Whether zxing may also scan its own shrunk copies (when ``Configuration/tryDownscale``
        /// allows it). Shrinking loses the fine modules of a PDF417 on a whole photo, so retries
        /// that only a PDF417 can need leave it off.
        public var tryDownscale: Bool
        /// Unsharp masking before decoding, 0 to 4: how far each pixel is pushed away from its
        /// neighbourhood's mean (σ about 2.5 pixels; see `Image.unsharpMasked(radius:amount:)`).
        /// 0 leaves the image as it is.
        public var sharpening: Double

        /// Creates an attempt.
        public init(binarizer: Binarizer = .localAverage, scale: Double = 1, rotationDegrees: Double = 0,
                    tryDownscale: Bool = true, sharpening: Double = 0) {
            self.binarizer = binarizer
            self.scale = scale
            self.rotationDegrees = rotationDegrees
            self.tryDownscale = tryDownscale
            self.sharpening = sharpening
        }

        /// The neighbourhood radius of ``sharpening``'s three box blurs.
        static let sharpeningRadius = 2

        /// One pass with zxing's defaults.
        public static let single: [Attempt] = [Attempt()]

        /// The measured default ladder for a photo: zxing's defaults, then the global-histogram
        /// binarizer, then rotations of ±4, ±8 and ±12 degrees (each covers about 2 degrees
        /// either side) without zxing's shrunk copies, then enlargements by 1.5 and 2 (within
        /// ``Configuration/maximumEnlargedPixels``).
        public static let standard: [Attempt] = [
            Attempt(),
            Attempt(binarizer: .globalHistogram),
        ] + [4.0, 8, 12].flatMap {
            [Attempt(rotationDegrees: $0, tryDownscale: false), Attempt(rotationDegrees: -$0, tryDownscale: false)]
        } + [
            Attempt(scale: 1.5),
            Attempt(scale: 2),
        ]

        /// The measured ladder for a document straightened from its outline, where a symbol lies
        /// along the axes up to the outline's error: zxing's defaults, the global-histogram
        /// binarizer, ±3 degrees, an enlargement by 1.5 for small modules, then unsharp masking
        /// by 1.5 for a mildly blurred photo (its narrow spaces fill in), as it is and enlarged by 1.5.
        public static let straightenedDocument: [Attempt] = [
            Attempt(),
            Attempt(binarizer: .globalHistogram),
            Attempt(rotationDegrees: 3, tryDownscale: false),
            Attempt(rotationDegrees: -3, tryDownscale: false),
            Attempt(scale: 1.5, tryDownscale: false),
            Attempt(tryDownscale: false, sharpening: 1.5),
            Attempt(scale: 1.5, tryDownscale: false, sharpening: 1.5),
        ]
    }

    /// How hard the reader tries.
    public struct Configuration: Sendable, Hashable {
        /// The passes, in order; reading stops at the first that finds a symbol.
        /// Default: ``Attempt/standard``.
        public var attempts: [Attempt] = Attempt.standard
        /// The passes for an image hinted as a straightened document
        /// (``BarcodeImageHint/isStraightenedDocument``). Default: ``Attempt/straightenedDocument``.
        public var straightenedDocumentAttempts: [Attempt] = Attempt.straightenedDocument
        /// zxing's `tryHarder`: more scan lines (slower, finds more). Default `true`.
        public var tryHarder = true
        /// zxing's `tryRotate`: also look at the image turned by 90, 180 and 270 degrees. Default `true`.
        public var tryRotate = true
        /// zxing's `tryDownscale`: also scan zxing's own shrunk copies of large images. Default `true`.
        public var tryDownscale = true
        /// Attempts whose resampled image would exceed this many pixels are skipped. Default 16 million.
        public var maximumResampledPixels = 16_000_000
        /// Enlarging attempts (scale above 1) whose image would exceed this many pixels are
        /// skipped. Default 4 million: enlargements help small images with small modules; on a
        /// whole full-HD photo they are the slowest passes (0.1 to 0.2 s each) and read nothing
        /// on the synthetic licence set that the straightened document's own enlargement missed.
        public var maximumEnlargedPixels = 4_000_000

        /// The defaults.
        public init() {}

        /// One pass with zxing's defaults: the fastest, e.g. for live frames.
        public static var singlePass: Configuration {
            var configuration = Configuration()
            configuration.attempts = Attempt.single
            configuration.straightenedDocumentAttempts = Attempt.single
            return configuration
        }
    }

    /// The configuration.
    public var configuration: Configuration

    /// Creates a reader.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Every barcode of the given symbologies in the image, from the first attempt that finds any.
    ///
    /// - Returns: the symbols found (none for an empty `symbologies` set); corners in the image's pixels.
    /// - Throws: ``RecognitionError/Code/invalidInput`` for an invalid configuration,
    ///   ``RecognitionError/Code/nativeFailure`` when zxing-cpp fails.
    public func read(_ image: Image, symbologies: Set<BarcodeSymbology>) throws(RecognitionError) -> [DecodedBarcode] {
        try read(image, symbologies: symbologies, hint: .none, until: { _ in true })
    }

    /// Every barcode of the given symbologies in the image, the attempts run in order until one
    /// finds a symbol that `isWanted` accepts; the distinct symbols of every attempt run.
    ///
    /// A straightened document gets ``Configuration/straightenedDocumentAttempts``; any other
    /// image ``Configuration/attempts``, with, when the hint gives a document's angle, a pass
    /// turned to lay that document straight right after the first.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for an invalid configuration,
    ///   ``RecognitionError/Code/nativeFailure`` when zxing-cpp fails.
    public func read(_ image: Image, symbologies: Set<BarcodeSymbology>, hint: BarcodeImageHint,
                     until isWanted: (DecodedBarcode) -> Bool) throws(RecognitionError) -> [DecodedBarcode] {
        try validate()
        var formats: UInt32 = 0
        if symbologies.contains(.pdf417) { formats |= UInt32(PAPERS_ZXING_FORMAT_PDF417) }
        if symbologies.contains(.qrCode) { formats |= UInt32(PAPERS_ZXING_FORMAT_QR_CODE) }
        guard formats != 0 else { return [] }
        var all: [DecodedBarcode] = []
        // A sharpened copy is made once per amount: attempts that differ only in their resampling share it.
        var sharpened: (amount: Double, image: Image)?
        for attempt in Self.ladder(configuration, for: hint) where fits(attempt, image) {
            var source = image
            if attempt.sharpening > 0 {
                if sharpened?.amount != attempt.sharpening {
                    sharpened = (attempt.sharpening,
                                 image.grayscale().unsharpMasked(radius: Attempt.sharpeningRadius, amount: attempt.sharpening))
                }
                source = sharpened!.image
            }
            let found = try decode(source, formats: formats, attempt: attempt)
            for symbol in found where !all.contains(where: { $0.symbology == symbol.symbology && $0.bytes == symbol.bytes }) {
                all.append(symbol)
            }
            if found.contains(where: isWanted) { break }
        }
        return all
    }

    /// The passes for an image with `hint`.
    static func ladder(_ configuration: Configuration, for hint: BarcodeImageHint) -> [Attempt] {
        if hint.isStraightenedDocument { return configuration.straightenedDocumentAttempts }
        var ladder = configuration.attempts
        if let angle = hint.documentAngleDegrees, angle.isFinite {
            // Symbols lie along or across the document's sides, and zxing turns by quarter turns
            // itself: what is left is the angle folded into -45...45.
            var skew = angle.truncatingRemainder(dividingBy: 90)
            if skew > 45 { skew -= 90 } else if skew < -45 { skew += 90 }
            // Within about 2 degrees, the unturned pass already copes.
            let turn = Attempt(rotationDegrees: -skew, tryDownscale: false)
            if abs(skew) >= 2, !ladder.contains(where: { abs($0.rotationDegrees - turn.rotationDegrees) < 1 && $0.scale == 1 }) {
                ladder.insert(turn, at: min(1, ladder.count))
            }
        }
        return ladder
    }

    private func validate() throws(RecognitionError) {
        for (name, attempts) in [("attempts", configuration.attempts), ("straightenedDocumentAttempts", configuration.straightenedDocumentAttempts)] {
            guard !attempts.isEmpty else {
                throw RecognitionError(code: .invalidInput, detail: "configuration.\(name) is empty")
            }
            try Self.validate(attempts, name: name)
        }
    }

    private static func validate(_ attempts: [Attempt], name: String) throws(RecognitionError) {
        for (index, attempt) in attempts.enumerated() {
            guard attempt.scale >= 0.1, attempt.scale <= 8 else {
                throw RecognitionError(code: .invalidInput, detail: "configuration.\(name)[\(index)].scale is outside 0.1...8")
            }
            guard attempt.rotationDegrees >= -180, attempt.rotationDegrees <= 180 else {
                throw RecognitionError(code: .invalidInput, detail: "configuration.\(name)[\(index)].rotationDegrees is outside -180...180")
            }
            guard attempt.sharpening >= 0, attempt.sharpening <= 4 else {
                throw RecognitionError(code: .invalidInput, detail: "configuration.\(name)[\(index)].sharpening is outside 0...4")
            }
        }
    }

    /// Whether the attempt's resampled image stays within the pixel budget.
    private func fits(_ attempt: Attempt, _ image: Image) -> Bool {
        if attempt.scale == 1 && attempt.rotationDegrees == 0 { return true }
        let radians = attempt.rotationDegrees * .pi / 180
        let (c, s) = (abs(cos(radians)), abs(sin(radians)))
        let w = Double(image.width) * attempt.scale, h = Double(image.height) * attempt.scale
        let pixels = (w * c + h * s) * (w * s + h * c)
        if attempt.scale > 1 && pixels > Double(configuration.maximumEnlargedPixels) { return false }
        return pixels <= Double(configuration.maximumResampledPixels)
    }

    /// One attempt's decode of `image` (already sharpened when the attempt sharpens).
    private func decode(_ image: Image, formats: UInt32, attempt: Attempt) throws(RecognitionError) -> [DecodedBarcode] {
        var options = papers_zxing_options()
        papers_zxing_options_init(&options)
        options.formats = formats
        options.try_harder = configuration.tryHarder ? 1 : 0
        options.try_rotate = configuration.tryRotate ? 1 : 0
        options.try_downscale = configuration.tryDownscale && attempt.tryDownscale ? 1 : 0
        switch attempt.binarizer {
        case .localAverage: options.binarizer = Int32(PAPERS_ZXING_BINARIZER_LOCAL_AVERAGE.rawValue)
        case .globalHistogram: options.binarizer = Int32(PAPERS_ZXING_BINARIZER_GLOBAL_HISTOGRAM.rawValue)
        case .fixedThreshold: options.binarizer = Int32(PAPERS_ZXING_BINARIZER_FIXED_THRESHOLD.rawValue)
        }
        options.scale = attempt.scale
        options.rotation_degrees = attempt.rotationDegrees

        let pixelFormat: papers_zxing_pixel_format
        switch image.format {
        case .gray: pixelFormat = PAPERS_ZXING_PIXELS_GRAY
        case .rgb: pixelFormat = PAPERS_ZXING_PIXELS_RGB
        case .rgba: pixelFormat = PAPERS_ZXING_PIXELS_RGBA
        }
        guard let width = Int32(exactly: image.width), let height = Int32(exactly: image.height),
              let stride = Int32(exactly: image.bytesPerRow) else {
            throw RecognitionError(code: .invalidInput, detail: "the image is too large for zxing-cpp")
        }

        var handle: OpaquePointer?
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            papers_zxing_read(buffer.baseAddress, buffer.count, width, height, stride, pixelFormat, &options, &handle)
        }
        defer { papers_zxing_results_free(handle) }
        switch status {
        case PAPERS_ZXING_OK: break
        case PAPERS_ZXING_INVALID_ARGUMENT: throw RecognitionError(code: .invalidInput, detail: "zxing-cpp refused the image")
        case PAPERS_ZXING_OUT_OF_MEMORY: throw RecognitionError(code: .nativeFailure, detail: "zxing-cpp ran out of memory")
        default: throw RecognitionError(code: .nativeFailure, detail: "zxing-cpp failed")
        }

        var found: [DecodedBarcode] = []
        for index in 0..<papers_zxing_results_count(handle) {
            let symbology: BarcodeSymbology
            switch papers_zxing_result_format(handle, index) {
            case UInt32(PAPERS_ZXING_FORMAT_PDF417): symbology = .pdf417
            case UInt32(PAPERS_ZXING_FORMAT_QR_CODE): symbology = .qrCode
            default: continue
            }
            var length = 0
            let bytes = papers_zxing_result_bytes(handle, index, &length).map { [UInt8](UnsafeBufferPointer(start: $0, count: length)) } ?? []
            var xy = [Double](repeating: 0, count: 8)
            guard papers_zxing_result_corners(handle, index, &xy) == 1 else { continue }
            let corners = (0..<4).map { Point(x: xy[2 * $0], y: xy[2 * $0 + 1]) }
            let level = papers_zxing_result_ec_level(handle, index)
            found.append(DecodedBarcode(symbology: symbology, bytes: bytes, corners: corners,
                                        errorCorrectionLevel: level >= 0 ? Int(level) : nil))
        }
        return found
    }
}

/// Draws barcodes with zxing-cpp's writer: the symbols synthetic licence backs carry.
public struct ZXingBarcodeWriter: BarcodeWriter {
    /// Quiet zone around the symbol, in modules. Default 2.
    public var margin = 2
    /// A PDF417's error-correction level, 0 to 8 (2^(level+1) error-correction codewords);
    /// `nil` for zxing-cpp's default, 2. QR codes ignore it.
    public var errorCorrectionLevel: Int?

    /// Creates a writer.
    public init() {}

    /// The smallest symbol holding `bytes` (every byte kept, as ISO 8859-1), one pixel per module:
    /// a gray image, black modules on white.
    public func image(encoding bytes: [UInt8], as symbology: BarcodeSymbology) throws(RecognitionError) -> Image {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        let kind = symbology == .qrCode ? PAPERS_ZXING_WRITE_QR : PAPERS_ZXING_WRITE_PDF417
        let status = bytes.withUnsafeBufferPointer {
            papers_zxing_write(kind, $0.baseAddress, $0.count, Int32(margin), Int32(errorCorrectionLevel ?? -1),
                               &pixels, &width, &height)
        }
        defer { papers_zxing_pixels_free(pixels) }
        guard status == PAPERS_ZXING_OK, let pixels, width > 0, height > 0 else {
            throw RecognitionError(code: status == PAPERS_ZXING_INVALID_ARGUMENT ? .invalidInput : .nativeFailure,
                                   detail: "zxing-cpp could not encode \(bytes.count) bytes as \(symbology.rawValue)")
        }
        let count = Int(width) * Int(height)
        return Image(width: Int(width), height: Int(height), format: .gray,
                     pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))!
    }
}
