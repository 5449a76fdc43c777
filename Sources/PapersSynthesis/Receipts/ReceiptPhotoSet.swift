import Foundation
import PapersImaging

/// Photos of synthetic receipts with their ground truth: thermal-printed in DejaVu fonts with
/// FreeType, long and narrow, then crumpled, tilted, shadowed and blurred by ``PaperPhotographer``.
///
/// The tuning set prints in DejaVu Sans Mono with the locales' own labels; the held-out set
/// (``Variant/heldOut``) prints in DejaVu Sans Condensed or DejaVu Serif Condensed, adds French
/// receipts, other date forms (`14-MAR-2025`, `2025-03-14`) and other wordings ("Sub Total",
/// "AMOUNT DUE", "Gratuity"), so that it measures what was not tuned on.
public struct ReceiptPhotoSet: Sendable {
    /// Which receipts.
    public enum Variant: String, Sendable, Hashable, Codable, CaseIterable {
        /// The set the extractor was tuned on.
        case tuning
        /// Fonts, layouts and wordings never tuned on.
        case heldOut = "held-out"
        /// Licence fronts only: a third layout to develop the extractor on, so that the held-out
        /// one stays unseen (receipts and W-2 forms print their tuning set).
        case development
    }

    /// One photo and what it shows.
    public struct Photo: Sendable {
        /// The photo (RGB).
        public let image: Image
        /// The receipt printed.
        public let truth: SyntheticReceipt
        /// The receipt's corners in the photo, clockwise from the top-left.
        public let corners: [Point]
        /// The JPEG quality to save it at.
        public let jpegQuality: Int
    }

    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// The variant.
    public var variant: Variant

    /// Creates a set.
    public init(width: Int = 1200, height: Int = 1800, variant: Variant = .tuning) {
        self.width = width
        self.height = height
        self.variant = variant
    }

    /// Photo `index` of the set with seed `seed` (the same pair always gives the same photo).
    ///
    /// - Throws: ``IndependentRenderError`` when a DejaVu font is missing (Debian `fonts-dejavu-core`,
    ///   `fonts-dejavu-extra`).
    public func photo(seed: UInt64, index: Int) throws(IndependentRenderError) -> Photo {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ UInt64(index) &* 7919 &+ (variant == .heldOut ? 0x5EED : 0))
        let fonts = variant == .heldOut ? [PrintFonts.sansCondensed, PrintFonts.serifCondensed] : [PrintFonts.mono]
        let font = fonts[Int(random.uniform(0...Double(fonts.count) - 0.001))]
        let bold = variant == .heldOut ? font : PrintFonts.monoBold
        let (truth, lines) = ReceiptGenerator.make(random: &random, heldOut: variant == .heldOut, font: font)
        let sheet = try Self.print(lines, font: font, bold: bold, random: &random)
        let shot = PaperPhotographer.photograph(sheet, width: width, height: height, fill: 0.78...0.92,
                                                effects: PaperPhotographer.Effects(), random: &random)
        return Photo(image: shot.image, truth: truth, corners: shot.corners, jpegQuality: shot.jpegQuality)
    }

    /// The receipt paper: 80 mm wide at 8 pixels per mm, as long as its lines need, printed by a
    /// thermal head whose darkness fades unevenly across the paper.
    static func print(_ lines: [ReceiptGenerator.PrintLine], font: String, bold: String,
                      random: inout SeededRandom) throws(IndependentRenderError) -> IndependentRaster {
        let regular = try PrintedTextPainter(fontPath: font)
        let heavy = try PrintedTextPainter(fontPath: bold)
        let width = 640, margin = 36.0
        let em = random.uniform(22...25), leading = em * random.uniform(1.3...1.5)
        let height = Int(margin * 2.2 + leading * Double(lines.count + 1) + em * 0.5)
        let paper = (Float(random.uniform(238...252)), Float(random.uniform(236...250)), Float(random.uniform(228...246)))
        var sheet = IndependentRaster(width: width, height: height, channels: 3)
        for i in stride(from: 0, to: sheet.data.count, by: 3) {
            sheet.data[i] = paper.0; sheet.data[i + 1] = paper.1; sheet.data[i + 2] = paper.2
        }
        let darkness = Float(random.uniform(20...70))
        let ink = (darkness, darkness, darkness + 8)
        let fadeStart = random.uniform(0...1), fadeDepth = Float(random.uniform(0...0.3))
        let fade: (Double) -> Float = { x in 1 - fadeDepth * Float(max(0, sin(.pi * (x / Double(width) + fadeStart)))) }
        var baseline = margin + em
        for line in lines {
            let size = em * line.scale
            let painter = line.bold ? heavy : regular
            let weight = random.uniform(0...0.6)
            if line.centered {
                let textWidth = try painter.width(line.left, pixelsPerEm: size)
                try painter.draw(line.left, x: max(margin / 2, (Double(width) - textWidth) / 2), baseline: baseline, pixelsPerEm: size,
                                 embolden: weight, on: &sheet, ink: ink, strength: fade)
            } else {
                try painter.draw(line.left, x: margin, baseline: baseline, pixelsPerEm: size, embolden: weight, on: &sheet, ink: ink,
                                 strength: fade)
                if let right = line.right {
                    let rightWidth = try painter.width(right, pixelsPerEm: size)
                    try painter.draw(right, x: Double(width) - margin - rightWidth, baseline: baseline, pixelsPerEm: size,
                                     embolden: weight, on: &sheet, ink: ink, strength: fade)
                }
            }
            baseline += leading * max(1, line.scale)
        }
        return sheet
    }
}
