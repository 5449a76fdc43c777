import Foundation
import PapersCore
import PapersImaging

/// Paints a flat identity document for the independent renderer: tinted stock, background
/// security print, a portrait, the holder's details set with FreeType, a guilloche and the MRZ
/// with its finish (printed, laser-engraved or inkjet).
enum IndependentDocumentPainter {
    /// A painted document and where its parts lie, in document pixels.
    struct Painted: Sendable {
        /// The document, RGB 0…255.
        var raster: IndependentRaster
        /// The MRZ as drawn, when the side has one.
        let zone: IndependentMRZZone?
        /// The portrait's centre and half-size, when the side has one.
        let portrait: (centre: Point, halfWidth: Double, halfHeight: Double)?
    }

    /// Paints `identity`'s document of `kind` at `ppmm` pixels per millimetre.
    static func paint(_ identity: SyntheticIdentity, kind: SyntheticDocumentKind, style: IndependentMRZStyle,
                      pixelsPerMillimetre ppmm: Double, font: FreeTypeFont,
                      random: inout SeededRandom) throws(IndependentRenderError) -> Painted {
        let size = IndependentMRZZone.physicalSize(kind)
        let width = Int((size.width * ppmm).rounded()), height = Int((size.height * ppmm).rounded())
        var raster = IndependentRaster(width: width, height: height, channels: 3)
        let stock = (Float(random.uniform(205...245)), Float(random.uniform(205...245)), Float(random.uniform(200...240)))
        let tilt = (Float(random.uniform(-14...14)), Float(random.uniform(-14...14)))
        // Background security print: two families of fine sine lines over the whole side.
        let security = SineLines(random: &random, ppmm: ppmm, spacing: random.uniform(0.7...1.4), lineWidth: 0.06)
        let securityTint = (Float(random.uniform(0...18)), Float(random.uniform(0...18)), Float(random.uniform(0...18)))
        for y in 0..<height {
            for x in 0..<width {
                let u = Float(x) / Float(width), v = Float(y) / Float(height)
                let shade = tilt.0 * (u - 0.5) + tilt.1 * (v - 0.5)
                let line = security.intensity(x: Double(x), y: Double(y))
                let i = (y * width + x) * 3
                raster.data[i] = stock.0 + shade - line * securityTint.0
                raster.data[i + 1] = stock.1 + shade - line * securityTint.1
                raster.data[i + 2] = stock.2 + shade - line * securityTint.2
            }
        }

        let zone = try IndependentMRZZone.render(identity.mrzLines, kind: kind, style: style, pixelsPerMillimetre: ppmm,
                                                 font: font, random: &random)
        let zoneTop = (zone.cellCentres.map(\.y).min() ?? Double(height)) - zone.capHeight

        if style.guilloche {
            // A stronger guilloche band under the zone, in its own colour.
            let band = SineLines(random: &random, ppmm: ppmm, spacing: random.uniform(0.45...0.9), lineWidth: random.uniform(0.05...0.1))
            let tint = (Float(random.uniform(20...60)), Float(random.uniform(20...60)), Float(random.uniform(20...60)))
            let top = max(0, Int(zoneTop - 2 * ppmm))
            for y in stride(from: top, to: height, by: 1) {
                for x in 0..<width {
                    let line = band.intensity(x: Double(x), y: Double(y))
                    guard line > 0 else { continue }
                    let i = (y * width + x) * 3
                    raster.data[i] -= line * tint.0; raster.data[i + 1] -= line * tint.1; raster.data[i + 2] -= line * tint.2
                }
            }
        }

        let ink = (Float(random.uniform(15...55)), Float(random.uniform(15...55)), Float(random.uniform(20...65)))
        var portrait: (centre: Point, halfWidth: Double, halfHeight: Double)?
        var textLeft = 5.0 * ppmm
        if kind != .idCard {
            // TD3 pages and TD2 cards carry the portrait on the MRZ side; TD1 cards carry it on the other.
            let portraitWidth = (kind == .passportPage ? 32.0 : 26.0) * ppmm
            let portraitHeight = min(portraitWidth * 1.28, zoneTop - 12 * ppmm)
            let box = (x: 5.0 * ppmm, y: zoneTop - 3 * ppmm - portraitHeight)
            paintPortrait(&raster, x: box.x, y: box.y, width: portraitWidth, height: portraitHeight, random: &random)
            portrait = (Point(x: box.x + portraitWidth / 2, y: box.y + portraitHeight / 2), portraitWidth / 2, portraitHeight / 2)
            textLeft = box.x + portraitWidth + 5 * ppmm
        }
        try paintDetails(identity, kind: kind, on: &raster, left: textLeft, bottom: zoneTop - 3 * ppmm,
                         ppmm: ppmm, ink: ink, font: font, random: &random)
        compositeZone(zone, style: style, on: &raster, ink: ink, ppmm: ppmm, random: &random)
        return Painted(raster: raster, zone: zone, portrait: portrait)
    }

    /// A grey-blue portrait box with a head and shoulders.
    static func paintPortrait(_ raster: inout IndependentRaster, x: Double, y: Double, width: Double, height: Double,
                              random: inout SeededRandom) {
        let backdrop = (Float(random.uniform(150...215)), Float(random.uniform(160...215)), Float(random.uniform(170...225)))
        let skin = (Float(random.uniform(120...225)), Float(random.uniform(90...180)), Float(random.uniform(70...150)))
        let cloth = (Float(random.uniform(20...120)), Float(random.uniform(20...120)), Float(random.uniform(20...140)))
        let hx = x + width / 2, hy = y + height * 0.4, rx = width * 0.26, ry = height * 0.27
        for py in stride(from: max(0, Int(y)), to: min(raster.height, Int(y + height)), by: 1) {
            for px in stride(from: max(0, Int(x)), to: min(raster.width, Int(x + width)), by: 1) {
                let dx = (Double(px) - hx) / rx, dy = (Double(py) - hy) / ry
                let shoulderTop = hy + ry * 1.25 + abs(Double(px) - hx) * 0.25
                var colour = backdrop
                if dx * dx + dy * dy <= 1 {
                    let shade = Float(1 - 0.18 * dx)
                    colour = (skin.0 * shade, skin.1 * shade, skin.2 * shade)
                } else if Double(py) > shoulderTop {
                    colour = cloth
                }
                let i = (py * raster.width + px) * 3
                raster.data[i] = colour.0; raster.data[i + 1] = colour.1; raster.data[i + 2] = colour.2
            }
        }
    }

    /// The visual zone: a title and the holder's details, labels small and values larger, all set with FreeType.
    static func paintDetails(_ identity: SyntheticIdentity, kind: SyntheticDocumentKind, on raster: inout IndependentRaster,
                             left: Double, bottom: Double, ppmm: Double, ink: (Float, Float, Float), font: FreeTypeFont,
                             random: inout SeededRandom) throws(IndependentRenderError) {
        let document = identity.document
        let title = kind == .passportPage ? "PASSPORT" : "IDENTITY CARD"
        let fields: [(String, String)] = [
            ("Surname", document.lastName ?? ""),
            ("Given names", document.firstName ?? ""),
            ("Nationality", document.originatingCountry ?? ""),
            ("Date of birth", document.dob?.description ?? ""),
            ("Document no", document.idNumber ?? ""),
        ]
        let valueCap = random.uniform(1.6...2.1) * ppmm, labelCap = valueCap * 0.6
        var items: [(text: String, cap: Double, gap: Double)] = [(title, valueCap * 1.3, valueCap * 1.2)]
        for (label, value) in fields {
            items.append((label, labelCap, labelCap * 0.5))
            items.append((value, valueCap, valueCap * 0.7))
        }
        var baseline = 6 * ppmm + valueCap * 1.3
        for (number, item) in items.enumerated() {
            if number > 0 { baseline += items[number - 1].gap + item.cap }
            guard baseline < bottom else { break }
            var pen = Point(x: left, y: baseline)
            let pixelsPerEm = item.cap / font.capHeightPerEm
            for character in item.text.utf8 {
                if character != UInt8(ascii: " ") {
                    stamp(try font.glyph(character, pixelsPerEm: pixelsPerEm, origin: pen, angle: 0, embolden: 0),
                          on: &raster, ink: ink)
                }
                pen.x += font.advancePerEm * pixelsPerEm
                if pen.x > Double(raster.width) - 3 * ppmm { break }
            }
        }
    }

    /// Blends a glyph's coverage in `ink`.
    static func stamp(_ glyph: FreeTypeGlyph, on raster: inout IndependentRaster, ink: (Float, Float, Float)) {
        for gy in 0..<glyph.height {
            let y = glyph.top + gy
            guard y >= 0, y < raster.height else { continue }
            for gx in 0..<glyph.width {
                let x = glyph.left + gx
                guard x >= 0, x < raster.width else { continue }
                let a = Float(glyph.coverage[gy * glyph.width + gx]) / 255
                guard a > 0 else { continue }
                let i = (y * raster.width + x) * 3
                raster.data[i] += (ink.0 - raster.data[i]) * a
                raster.data[i + 1] += (ink.1 - raster.data[i + 1]) * a
                raster.data[i + 2] += (ink.2 - raster.data[i + 2]) * a
            }
        }
    }

    /// Puts the zone's coverage on the document with the style's finish.
    static func compositeZone(_ zone: IndependentMRZZone, style: IndependentMRZStyle, on raster: inout IndependentRaster,
                              ink printInk: (Float, Float, Float), ppmm: Double, random: inout SeededRandom) {
        var alpha = zone.coverage
        var ink = printInk
        var halo: IndependentRaster?
        switch style.finish {
        case .printed:
            break
        case .laserEngraved:
            // Engraved polycarbonate: grey strokes (a third to two thirds of the way to black) and
            // a light rim where the laser bleached the surface around them.
            let depth = Float(random.uniform(0.35...0.65))
            ink = (Float(random.uniform(70...110)), Float(random.uniform(70...110)), Float(random.uniform(70...115)))
            for i in 0..<alpha.data.count { alpha.data[i] *= depth / 0.65 }
            var rim = zone.coverage
            rim.blur(sigma: zone.capHeight * random.uniform(0.06...0.12))
            let strength = Float(random.uniform(18...45))
            for i in 0..<rim.data.count { rim.data[i] = max(0, rim.data[i] - zone.coverage.data[i]) * strength }
            halo = rim
        case .inkjet:
            alpha = inkjetDots(zone, ppmm: ppmm, random: &random)
        }
        for y in 0..<alpha.height {
            let ry = zone.originY + y
            guard ry >= 0, ry < raster.height else { continue }
            for x in 0..<alpha.width {
                let rx = zone.originX + x
                guard rx >= 0, rx < raster.width else { continue }
                let i = (ry * raster.width + rx) * 3
                if let halo {
                    let light = halo.data[y * alpha.width + x]
                    raster.data[i] += light; raster.data[i + 1] += light; raster.data[i + 2] += light
                }
                let a = alpha.data[y * alpha.width + x]
                guard a > 0 else { continue }
                raster.data[i] += (ink.0 - raster.data[i]) * a
                raster.data[i + 1] += (ink.1 - raster.data[i + 1]) * a
                raster.data[i + 2] += (ink.2 - raster.data[i + 2]) * a
            }
        }
    }

    /// Inkjet print: the strokes rebuilt from round dots on a jittered grid (150–230 dots per inch),
    /// plus stray droplets near the characters.
    static func inkjetDots(_ zone: IndependentMRZZone, ppmm: Double, random: inout SeededRandom) -> IndependentRaster {
        let source = zone.coverage
        var dots = IndependentRaster(width: source.width, height: source.height, channels: 1)
        let spacing = max(1.2, 25.4 / random.uniform(150...230) * ppmm)
        let radius = spacing * random.uniform(0.6...0.8)
        func drop(_ cx: Double, _ cy: Double, _ r: Double) {
            for y in stride(from: max(0, Int(cy - r - 1)), to: min(dots.height, Int(cy + r + 2)), by: 1) {
                for x in stride(from: max(0, Int(cx - r - 1)), to: min(dots.width, Int(cx + r + 2)), by: 1) {
                    let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                    let a = Float(min(1, max(0, r + 0.5 - d)))
                    let i = y * dots.width + x
                    dots.data[i] = max(dots.data[i], a)
                }
            }
        }
        var gy = spacing / 2
        while gy < Double(source.height) {
            var gx = spacing / 2
            while gx < Double(source.width) {
                let cx = gx + random.uniform(-0.2...0.2) * spacing, cy = gy + random.uniform(-0.2...0.2) * spacing
                if Double(source.sample(cx, cy, 0)) > random.uniform(0.3...0.6) { drop(cx, cy, radius) }
                gx += spacing
            }
            gy += spacing
        }
        for centre in zone.cellCentres where random.chance(0.5) {
            let cx = centre.x - Double(zone.originX) + random.gaussian(sigma: 0.5) * zone.pitch
            let cy = centre.y - Double(zone.originY) + random.gaussian(sigma: 0.6) * zone.capHeight
            drop(cx, cy, radius * random.uniform(0.4...0.8))
        }
        return dots
    }
}
