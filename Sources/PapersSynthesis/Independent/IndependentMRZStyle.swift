import Foundation

/// How one MRZ of the independent renderer is printed: size, pitch, stroke, finish and placement,
/// drawn at random within the ranges below and recorded with the photo.
///
/// The nominal print is ICAO 9303 part 3 §4.4: OCR-B size 1 at a fixed pitch of 2.54 mm (10
/// characters per 25.4 mm), capitals 2.46 mm tall (ECMA-11 §4.1), lines skewed at most 3°.
public struct IndependentMRZStyle: Sendable, Hashable, Codable {
    /// How the characters are put on the document.
    public enum Finish: String, Sendable, Hashable, Codable, CaseIterable {
        /// Dark toner or ink, solid strokes.
        case printed
        /// Laser engraving in polycarbonate: grey, low-contrast strokes with a light halo.
        case laserEngraved
        /// Inkjet: strokes made of visible dots, a few stray droplets.
        case inkjet
    }

    /// Nominal capital height, millimetres (ECMA-11 §4.1, OCR-B size I).
    public static let nominalCapHeight = 2.46
    /// Nominal character pitch, millimetres (ICAO 9303 part 3 §4.4).
    public static let nominalPitch = 2.54
    /// The range of ``heightFactor``: 70–140% of the nominal capital height.
    public static let heightRange = 0.70...1.40
    /// The range of ``pitchFactor``: ±8% of the nominal pitch.
    public static let pitchRange = 0.92...1.08
    /// The range of ``strokeWeight``, in ems added to every stroke (negative thins).
    public static let strokeRange = -0.02...0.05
    /// The range of ``skewDegrees`` (ICAO allows 3°).
    public static let skewRange = -1.5...1.5

    /// Capital height over the nominal 2.46 mm.
    public var heightFactor: Double
    /// Character pitch over the nominal 2.54 mm.
    public var pitchFactor: Double
    /// Line spacing over the format's nominal spacing.
    public var lineSpacingFactor: Double
    /// Stroke widening by FreeType's emboldening, in ems (negative thins).
    public var strokeWeight: Double
    /// Ink spread after rasterising: the blur sigma, in capital heights, of a blur-and-threshold
    /// pass (0 for none).
    public var inkSpreadSigma: Double
    /// The coverage the blur-and-threshold pass keeps as the stroke edge (below 0.5 spreads, above thins).
    public var inkSpreadThreshold: Double
    /// How the characters are put on the document.
    public var finish: Finish
    /// Whether a guilloche (fine sine lines) runs under the zone.
    public var guilloche: Bool
    /// The zone's turn, degrees clockwise.
    public var skewDegrees: Double
    /// Shift of the first character from its nominal place, millimetres to the right.
    public var offsetX: Double
    /// Shift of the lines from their nominal place, millimetres down.
    public var offsetY: Double

    /// Creates a style.
    public init(heightFactor: Double = 1, pitchFactor: Double = 1, lineSpacingFactor: Double = 1,
                strokeWeight: Double = 0, inkSpreadSigma: Double = 0, inkSpreadThreshold: Double = 0.5,
                finish: Finish = .printed, guilloche: Bool = false, skewDegrees: Double = 0,
                offsetX: Double = 0, offsetY: Double = 0) {
        self.heightFactor = heightFactor
        self.pitchFactor = pitchFactor
        self.lineSpacingFactor = lineSpacingFactor
        self.strokeWeight = strokeWeight
        self.inkSpreadSigma = inkSpreadSigma
        self.inkSpreadThreshold = inkSpreadThreshold
        self.finish = finish
        self.guilloche = guilloche
        self.skewDegrees = skewDegrees
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// A style drawn at random within the stated ranges.
    public static func random(using random: inout SeededRandom) -> IndependentMRZStyle {
        var style = IndependentMRZStyle()
        style.heightFactor = random.uniform(heightRange)
        style.pitchFactor = random.uniform(pitchRange)
        style.lineSpacingFactor = random.uniform(0.94...1.06)
        style.strokeWeight = random.uniform(strokeRange)
        if random.chance(0.5) {
            style.inkSpreadSigma = random.uniform(0.02...0.06)
            style.inkSpreadThreshold = random.uniform(0.3...0.6)
        }
        let roll = random.uniform(0...1)
        style.finish = roll < 0.45 ? .printed : (roll < 0.75 ? .laserEngraved : .inkjet)
        style.guilloche = random.chance(0.7)
        style.skewDegrees = random.uniform(skewRange)
        style.offsetX = random.uniform(-1...1)
        style.offsetY = random.uniform(-0.8...0.8)
        return style
    }
}
