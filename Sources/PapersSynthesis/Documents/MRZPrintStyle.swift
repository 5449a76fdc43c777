import PapersImaging

/// How a synthetic document's MRZ is printed, away from the ideal OCR-B of ICAO 9303 part 3:
/// ink that spreads beyond the strokes, type larger than its pitch, a pitch other than 2.54 mm.
/// Heavy or large type closes the gaps between neighbouring characters, as worn printers, laser
/// engraving and blur do on real documents.
public struct MRZPrintStyle: Sendable, Hashable, Codable {
    /// How far the ink spreads beyond every stroke, as a fraction of the pitch. Default 0.
    public var inkSpread: Double = 0
    /// The glyphs' size relative to the font's at the pitch printed (each glyph stays centred in
    /// its cell, on the baseline). Default 1.
    public var glyphScale: Double = 1
    /// The pitch relative to ICAO's 2.54 mm. Default 1.
    public var pitchScale: Double = 1

    /// The font as designed, at ICAO's pitch.
    public static let standard = MRZPrintStyle()

    /// Creates a style.
    public init(inkSpread: Double = 0, glyphScale: Double = 1, pitchScale: Double = 1) {
        self.inkSpread = inkSpread
        self.glyphScale = glyphScale
        self.pitchScale = pitchScale
    }

    /// A heavy or large print whose characters mostly touch: ink spreading by 2–9% of the pitch,
    /// glyphs 0–18% larger, the pitch within ±8% of ICAO's.
    public static func touching(random: inout SeededRandom) -> MRZPrintStyle {
        MRZPrintStyle(inkSpread: random.uniform(0.02...0.09), glyphScale: random.uniform(1.0...1.18),
                      pitchScale: random.uniform(0.92...1.08))
    }

    /// The ink spread in atlas pixels (see ``OCRBGlyphAtlas/cellWidth``).
    var atlasSpread: Double { inkSpread * Double(OCRBGlyphAtlas.cellWidth) }

    /// `glyph` (atlas coverage) with its ink spread by ``atlasSpread`` pixels: the largest
    /// coverage within that distance, the fraction of a pixel blended between whole radii.
    func spread(_ glyph: [UInt8]) -> [UInt8] {
        let radius = atlasSpread
        guard radius > 0 else { return glyph }
        let whole = Int(radius), fraction = radius - Double(whole)
        let inner = Self.dilate(glyph, radius: Double(whole))
        guard fraction > 0 else { return inner }
        let outer = Self.dilate(glyph, radius: Double(whole + 1))
        return zip(inner, outer).map { UInt8((Double($0) * (1 - fraction) + Double($1) * fraction).rounded()) }
    }

    /// Gray-level dilation of an atlas cell by a disc of `radius` pixels.
    static func dilate(_ glyph: [UInt8], radius: Double) -> [UInt8] {
        let w = OCRBGlyphAtlas.cellWidth, h = OCRBGlyphAtlas.cellHeight, r = Int(radius)
        guard r > 0 else { return glyph }
        var offsets: [(Int, Int)] = []
        for dy in -r...r { for dx in -r...r where Double(dx * dx + dy * dy) <= radius * radius { offsets.append((dx, dy)) } }
        var out = glyph
        for y in 0..<h {
            for x in 0..<w {
                var m: UInt8 = 0
                for (dx, dy) in offsets {
                    let u = x + dx, v = y + dy
                    if u >= 0, v >= 0, u < w, v < h { m = max(m, glyph[v * w + u]) }
                }
                out[y * w + x] = m
            }
        }
        return out
    }
}
