import Foundation
import PapersCore
import PapersImaging

/// Photos of driving-licence backs drawn by a renderer independent of ``LicencePhotoSet`` and
/// of the PDF417 search tuned on it: the licence of ``LicencePhotoSet/licence(seed:index:)``
/// (so back `N` of a seed carries the same payload in both sets), its PDF417 printed module by
/// module in an ``IndependentLicenceBackStyle`` (module width, row height 2–5 modules, error
/// correction, quiet zone from generous to cut by the card edge, ink spread, thermal-print
/// texture, banding, a magnetic stripe or text around it) and photographed on a desk by the
/// independent photographer (lens blur σ 0.5–1.8 pixels, noise σ 2–7 levels). A held-out
/// evaluation set: every photo has the whole card in the frame and no glare spot.
///
/// PapersSynthesis encodes no PDF417 itself: the caller encodes the payload at
/// ``errorCorrectionLevel(seed:index:)`` (zxing-cpp's writer in the `papers` CLI) and hands the
/// bitmap to ``photo(seed:index:symbol:)``, which takes its modules and draws them anew.
public struct IndependentLicenceBackSet: Sendable {
    /// Settings of a set.
    public struct Configuration: Sendable, Hashable {
        /// Frame width in pixels. Default 1920.
        public var width = 1920
        /// Frame height in pixels. Default 1080.
        public var height = 1080
        /// The share of the frame's width the card takes, drawn uniformly. Default 0.35…0.8.
        public var fillRange: ClosedRange<Double> = 0.35...0.8
        /// The defaults.
        public init() {}
    }

    /// The settings.
    public var configuration: Configuration

    /// Creates a set.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The random stream of photo `index` of the set with `seed`, the style drawn from it first.
    static func stream(seed: UInt64, index: Int) -> (random: SeededRandom, style: IndependentLicenceBackStyle) {
        var random = SeededRandom(seed: (seed ^ 0xB4C_0DE5) &* 0xD1B5_4A32_D192_ED03 &+ UInt64(index) &* 0x2545_F491 &+ 7)
        let style = IndependentLicenceBackStyle.random(using: &random)
        return (random, style)
    }

    /// The error-correction level photo `index` of the set with `seed` prints its PDF417 at.
    public static func errorCorrectionLevel(seed: UInt64, index: Int) -> Int {
        stream(seed: seed, index: index).style.errorCorrectionLevel
    }

    /// Photo `index` of the set with `seed` (the same arguments always give the same photo),
    /// its PDF417 the modules of `symbol`: a writer's bitmap of the licence's payload at
    /// ``errorCorrectionLevel(seed:index:)``, black modules on white, one pixel per module across.
    /// - Throws: ``IndependentRenderError`` `.symbolUnreadable` when `symbol` has no PDF417's
    ///   shape; `.fontNotFound` when DejaVu is missing (Debian `fonts-dejavu-core`).
    public func photo(seed: UInt64, index: Int, symbol: Image) throws(IndependentRenderError) -> IndependentLicenceBackPhoto {
        guard let modules = PDF417Modules(bitmap: symbol) else {
            throw IndependentRenderError(code: .symbolUnreadable, fontPath: "")
        }
        let licence = LicencePhotoSet.licence(seed: seed, index: index)
        let drawn = Self.stream(seed: seed, index: index)
        var random = drawn.random
        let style = drawn.style
        let fill = random.uniform(configuration.fillRange)
        // Drawn at about 1.5 times its scale in the photo, so the warp into the frame samples it finely.
        let ppmm = min(24, max(4, 1.5 * fill * Double(configuration.width) / IndependentLicenceBack.size.width))
        let back = try IndependentLicenceBack.paint(licence, symbol: modules, style: style, pixelsPerMillimetre: ppmm, random: &random)
        let shot = IndependentPhotographer.photograph(back.card, kind: .idCard, mrzLines: [], fill: fill,
                                                      width: configuration.width, height: configuration.height,
                                                      blur: 0.5...1.8, noise: 2...7, random: &random)
        var truth = shot.truth
        truth.mrzLines = nil
        truth.mrzObscuredByGlare = nil
        truth.barcodePayload = Data(licence.payload)
        truth.barcodeObscuredByGlare = false
        let card = back.card.raster
        let flat = [Point(x: 0, y: 0), Point(x: Double(card.width), y: 0),
                    Point(x: Double(card.width), y: Double(card.height)), Point(x: 0, y: Double(card.height))]
        let toPhoto = Homography(from: flat, to: truth.corners)
        return IndependentLicenceBackPhoto(
            photo: SyntheticPhoto(image: shot.image, truth: truth), licence: licence, style: style,
            symbolCorners: back.symbolCorners.map { toPhoto?.apply($0) ?? $0 },
            moduleWidth: back.moduleWidth, rowAspect: back.rowAspect, dataColumns: modules.dataColumns)
    }
}
