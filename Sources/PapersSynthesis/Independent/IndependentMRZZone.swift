import Foundation
import PapersImaging

/// An MRZ laid out on a flat document and rasterised by FreeType: ink coverage over the zone's
/// bounding box and where every character cell lies.
///
/// Placement follows ICAO 9303: the first character's left edge 6.0 mm (TD3, part 4), 5.0 mm
/// (TD1, part 5) or 4.0 mm (TD2, part 6) from the document's left edge; the reference centre lines
/// 15.75 and 9.40 mm above the bottom edge for two-line zones (part 4 figure 3; TD2 cards are
/// given the same) and 14.63, 10.40 and 6.17 mm for TD1's three lines (4.23 mm apart). The style
/// then scales, shifts and turns it within the tolerances real documents show.
struct IndependentMRZZone: Sendable {
    /// Ink coverage, 0…1, over the zone's bounding box.
    var coverage: IndependentRaster
    /// Document column of the coverage raster's first column.
    let originX: Int
    /// Document row of the coverage raster's first row.
    let originY: Int
    /// The centre of every character cell in document pixels, line by line.
    let cellCentres: [Point]
    /// Capital height in document pixels.
    let capHeight: Double
    /// Character pitch in document pixels.
    let pitch: Double

    /// The nominal left edge of the first character and the lines' centre lines above the bottom
    /// edge, millimetres, for a document kind.
    static func nominalPlacement(_ kind: SyntheticDocumentKind) -> (left: Double, centreLines: [Double]) {
        switch kind {
        case .idCard: return (5.0, [14.63, 10.40, 6.17])
        case .td2Card: return (4.0, [15.75, 9.40])
        case .passportPage, .paper: return (6.0, [15.75, 9.40])
        }
    }

    /// The document's width and height in millimetres.
    static func physicalSize(_ kind: SyntheticDocumentKind) -> (width: Double, height: Double) {
        switch kind {
        case .idCard: return (85.60, 53.98)
        case .td2Card: return (105, 74)
        case .passportPage: return (125, 88)
        case .paper: return (210, 297)
        }
    }

    /// Where the pen of each character goes (document pixels, on the baseline) and the cell
    /// centres, for `lineCount` lines of `length` characters; no pixels drawn.
    static func layout(lineCount: Int, length: Int, kind: SyntheticDocumentKind, style: IndependentMRZStyle,
                       pixelsPerMillimetre ppmm: Double, advancePerCap: Double)
        -> (pens: [[Point]], centres: [Point], capHeight: Double, pitch: Double) {
        let size = physicalSize(kind)
        let nominal = nominalPlacement(kind)
        let cap = IndependentMRZStyle.nominalCapHeight * style.heightFactor
        let pitch = IndependentMRZStyle.nominalPitch * style.pitchFactor
        let lineLength = pitch * Double(length)
        // Keep the line on the document with a 1.5 mm margin; centre it when it cannot fit otherwise.
        let low = 1.5, high = size.width - 1.5 - lineLength
        let left = high < low ? (size.width - lineLength) / 2 : min(max(nominal.left + style.offsetX, low), high)
        let lines = Array(nominal.centreLines.suffix(lineCount))
        let last = lines.last ?? 9.4
        let centreYs = lines.map { size.height - (last + ($0 - last) * style.lineSpacingFactor) + style.offsetY }
        let centre = Point(x: left + lineLength / 2, y: ((centreYs.first ?? 0) + (centreYs.last ?? 0)) / 2)
        let angle = style.skewDegrees * .pi / 180
        func turned(_ p: Point) -> Point {
            let dx = p.x - centre.x, dy = p.y - centre.y
            return Point(x: (centre.x + dx * cos(angle) - dy * sin(angle)) * ppmm,
                         y: (centre.y + dx * sin(angle) + dy * cos(angle)) * ppmm)
        }
        let advance = advancePerCap * cap
        var pens: [[Point]] = []
        var centres: [Point] = []
        for y in centreYs {
            var row: [Point] = []
            for column in 0..<length {
                let cellCentre = left + (Double(column) + 0.5) * pitch
                row.append(turned(Point(x: cellCentre - advance / 2, y: y + cap / 2)))
                centres.append(turned(Point(x: cellCentre, y: y)))
            }
            pens.append(row)
        }
        return (pens, centres, cap * ppmm, pitch * ppmm)
    }

    /// Rasterises `lines` with `font` on a document of `kind` at `ppmm` pixels per millimetre.
    static func render(_ lines: [String], kind: SyntheticDocumentKind, style: IndependentMRZStyle,
                       pixelsPerMillimetre ppmm: Double, font: FreeTypeFont,
                       random: inout SeededRandom) throws(IndependentRenderError) -> IndependentMRZZone {
        let length = lines.map(\.utf8.count).max() ?? 0
        let placed = layout(lineCount: lines.count, length: length, kind: kind, style: style,
                            pixelsPerMillimetre: ppmm, advancePerCap: font.advancePerEm / font.capHeightPerEm)
        let pixelsPerEm = placed.capHeight / font.capHeightPerEm
        let angle = style.skewDegrees * .pi / 180
        var glyphs: [FreeTypeGlyph] = []
        for (row, line) in lines.enumerated() {
            for (column, character) in line.utf8.enumerated() {
                // Printers place characters a little unevenly: about 1.5% of the pitch and of the height.
                var pen = placed.pens[row][column]
                pen.x += random.gaussian(sigma: 0.015) * placed.pitch
                pen.y += random.gaussian(sigma: 0.015) * placed.capHeight
                glyphs.append(try font.glyph(character, pixelsPerEm: pixelsPerEm, origin: pen, angle: angle,
                                             embolden: style.strokeWeight * pixelsPerEm))
            }
        }
        let margin = Int(placed.capHeight) + 4
        let x0 = (glyphs.map(\.left).min() ?? 0) - margin, y0 = (glyphs.map(\.top).min() ?? 0) - margin
        let x1 = (glyphs.map { $0.left + $0.width }.max() ?? 1) + margin
        let y1 = (glyphs.map { $0.top + $0.height }.max() ?? 1) + margin
        var coverage = IndependentRaster(width: x1 - x0, height: y1 - y0, channels: 1)
        for glyph in glyphs {
            for gy in 0..<glyph.height {
                let row = (glyph.top + gy - y0) * coverage.width
                for gx in 0..<glyph.width {
                    let a = Float(glyph.coverage[gy * glyph.width + gx]) / 255
                    guard a > 0 else { continue }
                    let i = row + glyph.left + gx - x0
                    coverage.data[i] = 1 - (1 - coverage.data[i]) * (1 - a)
                }
            }
        }
        if style.inkSpreadSigma > 0 {
            // Ink spread: blur, then a soft threshold that moves every edge out (or in).
            coverage.blur(sigma: style.inkSpreadSigma * placed.capHeight)
            let t = Float(style.inkSpreadThreshold)
            for i in 0..<coverage.data.count { coverage.data[i] = min(1, max(0, (coverage.data[i] - t) / 0.3 + 0.5)) }
        }
        return IndependentMRZZone(coverage: coverage, originX: x0, originY: y0, cellCentres: placed.centres,
                                  capHeight: placed.capHeight, pitch: placed.pitch)
    }
}
