import PapersImaging

/// How a synthetic document's MRZ is printed, away from the ideal OCR-B of ICAO 9303 part 3:
/// ink that spreads beyond the strokes, type larger than its pitch, a pitch other than 2.54 mm.
/// Heavy or large type closes the gaps between neighbouring characters, as worn printers, laser
/// engraving and blur do on real documents.
public struct MRZPrintStyle: Sendable, Hashable, Codable {
    /// How the characters are put on the document.
    public enum Finish: String, Sendable, Hashable, Codable, CaseIterable {
        /// Toner or ink: solid strokes at full strength.
        case ink
        /// Laser engraving in polycarbonate: grey strokes of low contrast, each with a light halo
        /// where the laser bleached the surface around it.
        case engraved
        /// Inkjet: strokes made of separate dots on a coarse screen, a few stray droplets about.
        case inkjet
    }

    /// How far the ink spreads beyond every stroke, as a fraction of the pitch. Default 0.
    public var inkSpread: Double = 0
    /// The glyphs' size relative to the font's at the pitch printed (each glyph stays centred in
    /// its cell, on the baseline). Default 1.
    public var glyphScale: Double = 1
    /// The pitch relative to ICAO's 2.54 mm. Default 1.
    public var pitchScale: Double = 1
    /// The glyphs' height relative to their width scale (``glyphScale``): above 1 tall and
    /// narrow type, below 1 squat. Default 1.
    public var heightScale: Double = 1
    /// How the characters are put on the document. Default ``Finish/ink``.
    public var finish: Finish = .ink
    /// How far the strokes go from the surface's colour to the ink's: 1 solid, engraved print
    /// about 0.3–0.6. Default 1.
    public var contrast: Double = 1
    /// Whether a fine rosette guilloche is printed across the zone, under the characters. Default `false`.
    public var guilloche = false
    /// Seeds the finish's texture (inkjet dots, droplets, the guilloche's curves).
    public var textureSeed: UInt64 = 0

    /// The font as designed, at ICAO's pitch.
    public static let standard = MRZPrintStyle()

    /// Creates a style.
    public init(inkSpread: Double = 0, glyphScale: Double = 1, pitchScale: Double = 1, heightScale: Double = 1,
                finish: Finish = .ink, contrast: Double = 1, guilloche: Bool = false, textureSeed: UInt64 = 0) {
        self.inkSpread = inkSpread
        self.glyphScale = glyphScale
        self.pitchScale = pitchScale
        self.heightScale = heightScale
        self.finish = finish
        self.contrast = contrast
        self.guilloche = guilloche
        self.textureSeed = textureSeed
    }

    /// A heavy or large print whose characters mostly touch: ink spreading by 2–9% of the pitch,
    /// glyphs 0–18% larger, the pitch within ±8% of ICAO's.
    public static func touching(random: inout SeededRandom) -> MRZPrintStyle {
        MRZPrintStyle(inkSpread: random.uniform(0.02...0.09), glyphScale: random.uniform(1.0...1.18),
                      pitchScale: random.uniform(0.92...1.08))
    }

    /// Print as identity documents show it, within ICAO 9303's tolerances and past them: type
    /// 78–132% of the font's size, up to 8% taller or squatter, the pitch within ±8%, ink
    /// spread up to 7% of the pitch; 40% ink, 35% laser-engraved, 25% inkjet; a guilloche under
    /// the zone on 60%.
    public static func varied(random: inout SeededRandom) -> MRZPrintStyle {
        var style = MRZPrintStyle()
        style.glyphScale = random.uniform(0.78...1.32)
        style.heightScale = random.uniform(0.92...1.08)
        style.pitchScale = random.uniform(0.92...1.08)
        if random.chance(0.6) { style.inkSpread = random.uniform(0.0...0.07) }
        let roll = random.uniform(0...1)
        style.finish = roll < 0.4 ? .ink : (roll < 0.75 ? .engraved : .inkjet)
        style.contrast = style.finish == .engraved ? random.uniform(0.3...0.6) : random.uniform(0.8...1.0)
        style.guilloche = random.chance(0.6)
        style.textureSeed = random.next()
        return style
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
