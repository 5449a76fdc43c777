import Foundation
import PapersImaging

/// Photos of synthetic Forms W-2 with their ground truth: the form's grid and box labels as the
/// IRS prints them, values typed in, photographed on a desk by ``PaperPhotographer``.
///
/// The tuning set types values in DejaVu Sans Mono and prints labels in DejaVu Sans; the held-out
/// set (``ReceiptPhotoSet/Variant/heldOut``) uses DejaVu Serif Condensed for values and DejaVu
/// Sans Condensed for labels, thousands separators in amounts and a lower resolution.
public struct W2PhotoSet: Sendable {
    /// One photo and what it shows.
    public struct Photo: Sendable {
        /// The photo (RGB).
        public let image: Image
        /// The form's values.
        public let truth: SyntheticW2
        /// The form's corners in the photo, clockwise from the top-left.
        public let corners: [Point]
        /// The JPEG quality to save it at.
        public let jpegQuality: Int
    }

    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// The variant.
    public var variant: ReceiptPhotoSet.Variant

    /// Creates a set.
    public init(width: Int = 2400, height: Int = 1600, variant: ReceiptPhotoSet.Variant = .tuning) {
        self.width = width
        self.height = height
        self.variant = variant
    }

    /// Photo `index` of the set with seed `seed`.
    ///
    /// - Throws: ``IndependentRenderError`` when a DejaVu font is missing.
    public func photo(seed: UInt64, index: Int) throws(IndependentRenderError) -> Photo {
        try make(seed: seed, index: index, photographed: true)
    }

    /// The same form as ``photo(seed:index:)`` flat, as a scanner would give it (no desk, tilt
    /// or blur): the sheet alone, the corners those of the image.
    public func scan(seed: UInt64, index: Int, pixelsPerInch: Double = 300) throws(IndependentRenderError) -> Photo {
        try make(seed: seed, index: index, photographed: false, pixelsPerInch: pixelsPerInch)
    }

    private func make(seed: UInt64, index: Int, photographed: Bool, pixelsPerInch: Double? = nil) throws(IndependentRenderError) -> Photo {
        var random = SeededRandom(seed: seed &* 0x85EB_CA6B &+ UInt64(index) &* 104_729 &+ (variant == .heldOut ? 0xF0F0 : 0))
        let heldOut = variant == .heldOut
        let valueFont = heldOut ? PrintFonts.serifCondensed : PrintFonts.mono
        let labelFont = heldOut ? PrintFonts.sansCondensed : PrintFonts.sans
        let truth = W2Generator.make(random: &random, heldOut: heldOut, font: valueFont)
        let sheet = try W2Printer.print(truth, valueFont: valueFont, labelFont: labelFont, pixelsPerInch: pixelsPerInch ?? (heldOut ? 215 : 240),
                                        thousands: heldOut, random: &random)
        guard photographed else {
            let image = sheet.image()
            let corners = [Point(x: 0, y: 0), Point(x: Double(image.width), y: 0), Point(x: Double(image.width), y: Double(image.height)),
                           Point(x: 0, y: Double(image.height))]
            return Photo(image: image, truth: truth, corners: corners, jpegQuality: 95)
        }
        var effects = PaperPhotographer.Effects()
        effects.maximumRotation = 5
        effects.crumple = 2.5
        effects.blur = 0.3...0.9
        let shot = PaperPhotographer.photograph(sheet, width: width, height: height, fill: 0.86...0.95, effects: effects, random: &random)
        return Photo(image: shot.image, truth: truth, corners: shot.corners, jpegQuality: max(80, shot.jpegQuality))
    }
}
