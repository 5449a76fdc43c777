import Foundation
import PapersCore
import PapersImaging

/// Photos of identity documents whose MRZ is drawn by a renderer independent of the one the
/// recogniser was built on: FreeType rasterises the system's OCR-B font (Debian `fonts-ocr-b`),
/// and the layout, finish, document and photograph are all drawn by this folder's own code,
/// none of it shared with the glyph atlas or ``PhotoSynthesizer``. A held-out evaluation set.
///
/// Each photo draws an ``IndependentMRZStyle`` (capital height 70–140% of nominal, pitch ±8%,
/// stroke weight, ink spread, printed / laser-engraved / inkjet finish, guilloche, placement and
/// skew) and a holder from ``SyntheticIdentity``. Every photo is readable by a person.
public struct IndependentMRZPhotoSet: Sendable {
    /// Settings of a set.
    public struct Configuration: Sendable, Hashable {
        /// Frame width in pixels. Default 1920.
        public var width = 1920
        /// Frame height in pixels. Default 1080.
        public var height = 1080
        /// The share of the frame's width the document takes, drawn uniformly. Default 0.45…0.8.
        public var fillRange: ClosedRange<Double> = 0.45...0.8
        /// The OCR-B font file. Default ``IndependentMRZPhotoSet/defaultFontPath``.
        public var fontPath = IndependentMRZPhotoSet.defaultFontPath
        /// The defaults.
        public init() {}
    }

    /// Where Debian's `fonts-ocr-b` installs OCR-B.
    public static let defaultFontPath = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"

    /// The settings.
    public var configuration: Configuration

    /// Creates a set.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Photo `index` of the set with `seed` (the same arguments always give the same photo).
    /// - Throws: ``IndependentRenderError`` when the font is missing or unreadable.
    public func photo(seed: UInt64, index: Int) throws(IndependentRenderError) -> IndependentMRZPhoto {
        let format = IdentityPhotoSet.format(seed: seed ^ 0x1D_E9E7_DE7, index: index)
        let kind = IdentityPhotoSet.kind(for: format)
        var random = SeededRandom(seed: (seed ^ 0xF7EE_7E9E) &* 0x9E37_79B9 &+ UInt64(index) &* 2_654_435_761 &+ 3)
        let identity = SyntheticIdentity(format: format, random: &random)
        let style = IndependentMRZStyle.random(using: &random)
        let font = try FreeTypeFont(path: configuration.fontPath)
        let fill = random.uniform(configuration.fillRange)
        // Draw the document at about 1.5 times the scale it will have in the photo, so the warp
        // into the frame samples it finely.
        let physical = IndependentMRZZone.physicalSize(kind)
        let ppmm = min(24, max(4, 1.5 * fill * Double(configuration.width) / physical.width))
        let painted = try IndependentDocumentPainter.paint(identity, kind: kind, style: style, pixelsPerMillimetre: ppmm,
                                                           font: font, random: &random)
        let photo = IndependentPhotographer.photograph(painted, kind: kind, mrzLines: identity.mrzLines, fill: fill,
                                                       width: configuration.width, height: configuration.height, random: &random)
        return IndependentMRZPhoto(photo: photo, identity: identity, style: style)
    }

    /// The MRZ of a document of `kind` printed in `style` on a plain white document at `ppmm`
    /// pixels per millimetre: a gray image (ink dark) of the whole document and the centres of
    /// its character cells. For tests and inspection of the layout alone.
    public static func zoneImage(_ lines: [String], kind: SyntheticDocumentKind, style: IndependentMRZStyle,
                                 pixelsPerMillimetre ppmm: Double, seed: UInt64 = 1,
                                 fontPath: String = defaultFontPath) throws(IndependentRenderError) -> (image: Image, cellCentres: [Point]) {
        let font = try FreeTypeFont(path: fontPath)
        var random = SeededRandom(seed: seed)
        let zone = try IndependentMRZZone.render(lines, kind: kind, style: style, pixelsPerMillimetre: ppmm, font: font, random: &random)
        let size = IndependentMRZZone.physicalSize(kind)
        var page = IndependentRaster(width: Int((size.width * ppmm).rounded()), height: Int((size.height * ppmm).rounded()),
                                     channels: 1, value: 255)
        for y in 0..<zone.coverage.height {
            let py = zone.originY + y
            guard py >= 0, py < page.height else { continue }
            for x in 0..<zone.coverage.width {
                let px = zone.originX + x
                guard px >= 0, px < page.width else { continue }
                page.data[py * page.width + px] = 255 * (1 - zone.coverage.data[y * zone.coverage.width + x])
            }
        }
        return (page.image(), zone.cellCentres)
    }
}
