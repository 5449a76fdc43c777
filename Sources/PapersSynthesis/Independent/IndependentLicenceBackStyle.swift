/// How one independent licence back is printed: the PDF417's geometry and quiet zone, the
/// print's texture and what surrounds the symbol.
///
/// The AAMVA DL/ID card design standard (2020, Annex D) asks for a module of about 0.17 mm
/// (6.6 mil) or wider, rows at least three modules high and error correction of level 3 or
/// more; issued cards range wider than that, and so does this style.
public struct IndependentLicenceBackStyle: Sendable, Hashable {
    /// Where the symbol sits against the card's long edges.
    public enum QuietZone: String, Sendable, Hashable, CaseIterable {
        /// Two modules or more of blank card either side.
        case generous
        /// Under two modules either side, still on the card.
        case tight
        /// The left side cut by the card edge: the start bar within 1.5 modules of it.
        case cutLeft
        /// The right side cut by the card edge: the stop pattern within 1.5 modules of it.
        case cutRight
        /// Both sides cut: the symbol spans the card's width.
        case cutBoth
    }

    /// What else is on the back.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// A magnetic stripe along the top (ISO/IEC 7811-2), the symbol below, text under it.
        case stripe
        /// Printed text above and below the symbol, no stripe.
        case text
    }

    /// The PDF417's error-correction level, 0 to 8.
    public var errorCorrectionLevel: Int
    /// The module width the style asks for, millimetres (narrower when the symbol would not fit).
    public var moduleWidth: Double
    /// Row height over module width, 2 to 5.
    public var rowAspect: Double
    /// The quiet zone.
    public var quietZone: QuietZone
    /// The quiet zone left of the symbol in modules: for a cut side, the gap to the card edge.
    public var quietLeft: Double
    /// The quiet zone right of the symbol in modules.
    public var quietRight: Double
    /// What surrounds the symbol.
    public var layout: Layout
    /// The symbol's place between its neighbours above and below, 0 (top) to 1 (bottom).
    public var verticalPlace: Double
    /// How far each dark module spreads into its neighbours, in modules (negative thins it).
    public var inkSpread: Double
    /// The ink's gray level, 0 (black) up.
    public var inkLevel: Double
    /// Thermal-print texture: the spread of the print head's element strengths, 0 to 1.
    public var dotTexture: Double
    /// Slight banding: the amplitude (0 to 1) of the print's density varying along the card.
    public var bandingAmplitude: Double
    /// The banding's period, millimetres.
    public var bandingPeriod: Double
    /// Print-head elements that print weak, a light line each along the card.
    public var weakElements: Int
    /// The card stock's gray level under the symbol.
    public var stockLevel: Double
    /// The strength (0 to 1) of the background security print, which runs under the symbol too.
    public var securityPrint: Double
    /// The brightest level a soft reflection off the laminate adds, 0 for none (never enough
    /// to wash the ink out).
    public var sheen: Double

    /// A style drawn at random.
    public static func random(using random: inout SeededRandom) -> IndependentLicenceBackStyle {
        let levels = [2, 3, 3, 4, 4, 5, 5, 6]
        let quiet = [QuietZone.generous, .generous, .tight, .cutLeft, .cutRight, .cutBoth][Int(random.uniform(0...5.999))]
        func gap(cut: Bool) -> Double {
            switch quiet {
            case .generous: return random.uniform(2...8)
            case .tight: return random.uniform(0.5...2)
            default: return cut ? random.uniform(0...1.5) : random.uniform(1...6)
            }
        }
        let left = gap(cut: quiet == .cutLeft || quiet == .cutBoth), right = gap(cut: quiet == .cutRight || quiet == .cutBoth)
        return IndependentLicenceBackStyle(
            errorCorrectionLevel: levels[Int(random.uniform(0...Double(levels.count) - 0.001))],
            moduleWidth: random.uniform(0.17...0.34), rowAspect: random.uniform(2...5), quietZone: quiet,
            quietLeft: left, quietRight: right, layout: random.chance(0.5) ? .stripe : .text,
            verticalPlace: random.uniform(0...1), inkSpread: random.uniform(-0.15...0.35),
            inkLevel: random.uniform(5...90), dotTexture: random.uniform(0...0.5),
            bandingAmplitude: random.chance(0.6) ? random.uniform(0...0.25) : 0, bandingPeriod: random.uniform(0.4...3),
            weakElements: random.chance(0.4) ? Int(random.uniform(1...4.999)) : 0,
            stockLevel: random.uniform(185...245), securityPrint: random.uniform(0...1),
            sheen: random.chance(0.5) ? random.uniform(10...45) : 0)
    }
}
