import Foundation
import PapersCore
import PapersImaging

/// Paints the back of a driving licence (an ID-1 card, ISO/IEC 7810) for the independent
/// renderer: tinted stock with security print, a magnetic stripe or lines of text, and the PDF417
/// of the licence's AAMVA payload drawn module by module in the style's geometry, quiet zone and
/// print texture. Shares no drawing code with ``PhotoSynthesizer``.
enum IndependentLicenceBack {
    /// The card's size, millimetres.
    static let size = (width: 85.6, height: 53.98)

    /// A painted back and where its symbol lies.
    struct Painted: Sendable {
        /// The card, RGB 0…255, with nothing to shield from glare.
        let card: IndependentDocumentPainter.Painted
        /// The symbol's outline on the card (start bar to termination bar, no quiet zone), in card
        /// pixels, clockwise from the top-left.
        let symbolCorners: [Point]
        /// The module width drawn, millimetres.
        let moduleWidth: Double
        /// The row height drawn over the module width.
        let rowAspect: Double
    }

    /// Paints the back of `licence` carrying `symbol` in `style` at `ppmm` pixels per millimetre.
    static func paint(_ licence: SyntheticLicence, symbol: PDF417Modules, style: IndependentLicenceBackStyle,
                      pixelsPerMillimetre ppmm: Double, random: inout SeededRandom) throws(IndependentRenderError) -> Painted {
        let width = Int((size.width * ppmm).rounded()), height = Int((size.height * ppmm).rounded())
        var raster = IndependentRaster(width: width, height: height, channels: 3)
        let stock = Float(style.stockLevel)
        let tint = (Float(random.uniform(-8...8)), Float(random.uniform(-8...8)), Float(random.uniform(-8...8)))
        let tilt = (Float(random.uniform(-10...10)), Float(random.uniform(-10...10)))
        let security = SineLines(random: &random, ppmm: ppmm, spacing: random.uniform(0.6...1.5), lineWidth: 0.07)
        let securityTint = (Float(random.uniform(5...30)), Float(random.uniform(5...30)), Float(random.uniform(5...30)))
        let strength = Float(style.securityPrint)
        for y in 0..<height {
            for x in 0..<width {
                let u = Float(x) / Float(width) - 0.5, v = Float(y) / Float(height) - 0.5
                let line = security.intensity(x: Double(x), y: Double(y)) * strength
                let i = (y * width + x) * 3
                raster.data[i] = stock + tint.0 + tilt.0 * u + tilt.1 * v - line * securityTint.0
                raster.data[i + 1] = stock + tint.1 + tilt.0 * u + tilt.1 * v - line * securityTint.1
                raster.data[i + 2] = stock + tint.2 + tilt.0 * u + tilt.1 * v - line * securityTint.2
            }
        }

        let font = try PrintedTextPainter(fontPath: random.chance(0.5) ? PrintFonts.sans : PrintFonts.sansCondensed)
        let textInk = (Float(random.uniform(10...70)), Float(random.uniform(10...70)), Float(random.uniform(20...90)))
        let cap = random.uniform(1.1...1.7)
        let pixelsPerEm = cap * ppmm / 0.73
        // The symbol's band: below the stripe or the heading, above two lines of small print.
        let top: Double
        switch style.layout {
        case .stripe:
            // ISO/IEC 7811-2: the stripe's band runs from at most 5.54 mm to at least 15.82 mm from the top edge.
            let stripeTop = random.uniform(4.6...5.5), stripeBottom = random.uniform(15.9...16.8)
            let tone = (Float(random.uniform(25...70)), Float(random.uniform(20...55)), Float(random.uniform(15...45)))
            for y in Int(stripeTop * ppmm)..<min(height, Int(stripeBottom * ppmm)) {
                let sheen = Float(10 * sin(Double(y) / ppmm / (stripeBottom - stripeTop) * .pi))
                for x in 0..<width {
                    let i = (y * width + x) * 3
                    raster.data[i] = tone.0 + sheen; raster.data[i + 1] = tone.1 + sheen; raster.data[i + 2] = tone.2 + sheen
                }
            }
            top = stripeBottom + random.uniform(0.8...2.5)
        case .text:
            let heading = licence.card.jurisdiction.name.uppercased()
            var baseline = random.uniform(4.5...6) + cap * 1.3
            try font.draw(heading, x: random.uniform(4...8) * ppmm, baseline: baseline * ppmm, pixelsPerEm: pixelsPerEm * 1.3,
                          on: &raster, ink: textInk)
            baseline += cap * 2.2
            try font.draw("IF FOUND, RETURN TO ANY MOTOR VEHICLE OFFICE", x: random.uniform(4...8) * ppmm, baseline: baseline * ppmm,
                          pixelsPerEm: pixelsPerEm, on: &raster, ink: textInk)
            top = baseline + random.uniform(0.6...2.5)
        }
        let smallPrint = ["CLASS \(licence.card.vehicleClass)   END NONE   REST NONE",
                          "DD \(Int(random.uniform(1_000_000...9_999_999)))\(Int(random.uniform(100_000...999_999)))   "
                              + "\(licence.card.jurisdiction.code) \(licence.card.jurisdiction.country)"]
        let textBottom = size.height - random.uniform(3.6...5)
        let textTop = textBottom - cap * 3.6
        let bottom = textTop - random.uniform(0.4...1.5)

        // Geometry: the style's module and row, narrower or shorter where the band is too small.
        let modules = Double(symbol.modulesPerRow), rows = Double(symbol.rows)
        let span = modules + style.quietLeft + style.quietRight
        var module = style.quietZone == .cutBoth ? size.width / span : min(style.moduleWidth, size.width / span)
        var aspect = style.rowAspect
        let band = bottom - top
        if rows * aspect * module > band {
            aspect = max(2, band / (rows * module))
            if rows * aspect * module > band { module = band / (rows * aspect) }
        }
        let symbolWidth = modules * module, symbolHeight = rows * aspect * module
        let left: Double
        switch style.quietZone {
        case .cutLeft, .cutBoth: left = style.quietLeft * module
        case .cutRight: left = size.width - style.quietRight * module - symbolWidth
        case .generous, .tight:
            let free = size.width - symbolWidth - (style.quietLeft + style.quietRight) * module
            left = style.quietLeft * module + max(0, free) * random.uniform(0.3...0.7)
        }
        let symbolTop = top + (band - symbolHeight) * style.verticalPlace
        drawSymbol(symbol, on: &raster, left: left * ppmm, top: symbolTop * ppmm, module: module * ppmm,
                   row: aspect * module * ppmm, ppmm: ppmm, style: style, random: &random)

        var baseline = textTop + cap
        for line in smallPrint {
            try font.draw(line, x: random.uniform(4...9) * ppmm, baseline: baseline * ppmm, pixelsPerEm: pixelsPerEm,
                          on: &raster, ink: textInk)
            baseline += cap * 1.9
        }
        if style.sheen > 0 {
            // A soft reflection off the laminate: a broad Gaussian of light somewhere on the card.
            let centre = (random.uniform(0...size.width) * ppmm, random.uniform(0...size.height) * ppmm)
            let radius = random.uniform(15...40) * ppmm, peak = Float(style.sheen)
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) - centre.0, dy = Double(y) - centre.1
                    let add = peak * Float(exp(-(dx * dx + dy * dy) / (2 * radius * radius)))
                    let i = (y * width + x) * 3
                    raster.data[i] += add; raster.data[i + 1] += add; raster.data[i + 2] += add
                }
            }
        }
        let corners = [Point(x: left, y: symbolTop), Point(x: left + symbolWidth, y: symbolTop),
                       Point(x: left + symbolWidth, y: symbolTop + symbolHeight), Point(x: left, y: symbolTop + symbolHeight)]
            .map { Point(x: $0.x * ppmm, y: $0.y * ppmm) }
        return Painted(card: IndependentDocumentPainter.Painted(raster: raster, zone: nil, portrait: nil),
                       symbolCorners: corners, moduleWidth: module, rowAspect: aspect)
    }

    /// Prints `symbol` with its start bar at (`left`, `top`), modules `module` pixels wide and rows
    /// `row` pixels high: each pixel's ink is its share of 3×3 samples falling on a dark module
    /// (spread or thinned by the style), times the print's density there.
    ///
    /// The density models a thermal print head that spans the card's height at 300 dots per
    /// inch while the card moves along its length: each element prints a little stronger or
    /// weaker (weak elements leave a light line along the card), each dot varies a little, and
    /// the feed bands the density along the card.
    static func drawSymbol(_ symbol: PDF417Modules, on raster: inout IndependentRaster, left: Double, top: Double,
                           module: Double, row: Double, ppmm: Double, style: IndependentLicenceBackStyle,
                           random: inout SeededRandom) {
        let dotsPerPixel = 300 / 25.4 / ppmm
        let elements = Int(Double(raster.height) * dotsPerPixel) + 2
        var element = (0..<elements).map { _ in Float(1 - style.dotTexture * abs(random.gaussian(sigma: 0.6))) }
        let firstElement = Int(top * dotsPerPixel), lastElement = Int((top + Double(symbol.rows) * row) * dotsPerPixel)
        for _ in 0..<style.weakElements where lastElement > firstElement {
            element[min(elements - 1, Int(random.uniform(Double(firstElement)...Double(lastElement))))] = Float(random.uniform(0.2...0.6))
        }
        let dotSeed = random.next()
        let phase = random.uniform(0...(2 * .pi))
        let bandPeriod = style.bandingPeriod * ppmm, bandAmplitude = Float(style.bandingAmplitude)
        let ink = Float(style.inkLevel)
        let half = style.inkSpread / 2
        let offsets = [1.0 / 6, 0.5, 5.0 / 6]
        let x0 = max(0, Int(left - module)), x1 = min(raster.width, Int(left + Double(symbol.modulesPerRow + 1) * module) + 1)
        let y0 = max(0, Int(top - row)), y1 = min(raster.height, Int(top + Double(symbol.rows + 1) * row) + 1)
        // A module's spread reaches across rows too, by the same distance in pixels.
        let halfRow = half * module / row
        func dark(_ u: Double, _ v: Double) -> Bool {
            let column = Int((u).rounded(.down)), line = Int((v).rounded(.down))
            if half >= 0 {
                return symbol.isDark(row: line, column: column)
                    || symbol.isDark(row: line, column: Int((u - half).rounded(.down)))
                    || symbol.isDark(row: line, column: Int((u + half).rounded(.down)))
                    || symbol.isDark(row: Int((v - halfRow).rounded(.down)), column: column)
                    || symbol.isDark(row: Int((v + halfRow).rounded(.down)), column: column)
            }
            return symbol.isDark(row: line, column: column)
                && symbol.isDark(row: line, column: Int((u + half).rounded(.down)))
                && symbol.isDark(row: line, column: Int((u - half).rounded(.down)))
        }
        for y in y0..<y1 {
            let elementStrength = element[min(elements - 1, Int(Double(y) * dotsPerPixel))]
            for x in x0..<x1 {
                var hits = 0
                for oy in offsets {
                    for ox in offsets where dark((Double(x) + ox - left) / module, (Double(y) + oy - top) / row) { hits += 1 }
                }
                guard hits > 0 else { continue }
                let dot = Self.noise(dotSeed, Int(Double(x) * dotsPerPixel), Int(Double(y) * dotsPerPixel))
                let banding = 1 - bandAmplitude * Float(0.5 + 0.5 * sin(2 * .pi * Double(x) / bandPeriod + phase))
                let density = max(0, min(1, elementStrength * banding * (1 - Float(style.dotTexture) * 0.5 * dot)))
                let a = Float(hits) / 9 * density
                let i = (y * raster.width + x) * 3
                for k in 0..<3 { raster.data[i + k] += (ink - raster.data[i + k]) * a }
            }
        }
    }

    /// A value in 0…1 fixed by `seed` and a dot's position.
    @inline(__always)
    static func noise(_ seed: UInt64, _ x: Int, _ y: Int) -> Float {
        var h = seed ^ (UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F)
        h ^= h >> 31; h &*= 0xBF58_476D_1CE4_E5B9; h ^= h >> 29
        return Float(h >> 40) / Float(1 << 24)
    }
}
