import Foundation
import PapersImaging

/// Photographs a flat sheet (a receipt, a form) lying on a desk: placed with rotation and
/// perspective, crumpled (the paper's surface waves, bending the print and shading its slopes),
/// sometimes half in a shadow, softened by the lens and grainy from the sensor. The sheet always
/// lies wholly in the frame.
enum PaperPhotographer {
    /// How hard a photo is.
    struct Effects {
        /// The largest in-plane rotation, degrees.
        var maximumRotation = 8.0
        /// Corner displacement for perspective, as a fraction of the sheet's width (σ).
        var perspective = 0.02
        /// Crumple amplitude in frame pixels (the largest).
        var crumple = 4.0
        /// The chance of a shadow over part of the frame.
        var shadowChance = 0.4
        /// Lens blur σ range, pixels.
        var blur: ClosedRange<Double> = 0.4...1.2
        /// Sensor noise σ range, levels.
        var noise: ClosedRange<Double> = 1.5...4.5
    }

    /// What the photo shows.
    struct Shot {
        let image: Image
        let corners: [Point]
        let rotationDegrees: Double
        let blurSigma: Double
        let shadow: Bool
        let jpegQuality: Int
    }

    /// Photographs `sheet` in a `width` × `height` frame, the sheet's longer side taking up `fill`
    /// of the frame's matching side.
    static func photograph(_ sheet: IndependentRaster, width: Int, height: Int, fill: ClosedRange<Double>,
                           effects: Effects, random: inout SeededRandom) -> Shot {
        let desk = [SyntheticBackground.wood, .dark, .granite, .whiteDesk][Int(random.uniform(0...3.999))]
        var frame = IndependentPhotographer.paintDesk(desk, width: width, height: height, random: &random)
        let aspect = Double(sheet.width) / Double(sheet.height)
        let share = random.uniform(fill)
        var sheetHeight = share * Double(height)
        var sheetWidth = sheetHeight * aspect
        if sheetWidth > share * Double(width) {
            sheetWidth = share * Double(width)
            sheetHeight = sheetWidth / aspect
        }
        let rotation = max(-effects.maximumRotation, min(effects.maximumRotation, random.gaussian(sigma: effects.maximumRotation / 2.5)))
        var corners: [Point] = []
        for attempt in 0..<60 {
            let shrink = attempt < 30 ? 1.0 : 0.9
            let w = sheetWidth * shrink, h = sheetHeight * shrink, angle = rotation * .pi / 180
            let cx = random.uniform(0.45...0.55) * Double(width), cy = random.uniform(0.45...0.55) * Double(height)
            corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { (x, y) in
                let px = x + random.gaussian(sigma: effects.perspective) * w, py = y + random.gaussian(sigma: effects.perspective) * w
                return Point(x: cx + px * cos(angle) - py * sin(angle), y: cy + px * sin(angle) + py * cos(angle))
            }
            if corners.allSatisfy({ $0.x > 6 && $0.y > 6 && $0.x < Double(width - 6) && $0.y < Double(height - 6) }) { break }
        }
        let flat = [Point(x: 0, y: 0), Point(x: Double(sheet.width), y: 0),
                    Point(x: Double(sheet.width), y: Double(sheet.height)), Point(x: 0, y: Double(sheet.height))]
        // Crumples: three waves across the sheet; the print moves along the slope and the slopes
        // facing away from the light darken.
        let waves = (0..<3).map { _ in
            (amplitude: random.uniform(0.3...1) * effects.crumple, fx: random.uniform(0.5...3) / Double(sheet.width),
             fy: random.uniform(0.5...4) / Double(sheet.height), phase: random.uniform(0...(2 * .pi)))
        }
        let shade = Float(random.uniform(0.02...0.06))
        if let toSheet = Homography(from: corners, to: flat) {
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let x0 = max(0, Int(xs.min()!) - 2), x1 = min(width, Int(xs.max()!) + 3)
            let y0 = max(0, Int(ys.min()!) - 2), y1 = min(height, Int(ys.max()!) + 3)
            let scale = Double(sheet.width) / max(1, corners[0].distance(to: corners[1]))
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let p = toSheet.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    guard p.x >= 0, p.y >= 0, p.x < Double(sheet.width), p.y < Double(sheet.height) else { continue }
                    var dx = 0.0, dy = 0.0, slope = 0.0
                    for wave in waves {
                        let t = 2 * .pi * (wave.fx * p.x + wave.fy * p.y) + wave.phase
                        dx += wave.amplitude * sin(t) * 0.6
                        dy += wave.amplitude * sin(t)
                        slope += cos(t) * wave.amplitude / max(1, effects.crumple)
                    }
                    let sx = p.x + dx * scale, sy = p.y + dy * scale
                    let light = 1 + shade * Float(slope)
                    let i = (y * width + x) * 3
                    frame.data[i] = sheet.sample(sx, sy, 0) * light
                    frame.data[i + 1] = sheet.sample(sx, sy, 1) * light
                    frame.data[i + 2] = sheet.sample(sx, sy, 2) * light
                }
            }
        }
        // A shadow (a hand, a phone) over one side, with a soft edge.
        var shadow = false
        if random.chance(effects.shadowChance) {
            shadow = true
            let angle = random.uniform(0...(2 * .pi)), depth = Float(random.uniform(0.55...0.8))
            let nx = cos(angle), ny = sin(angle)
            let offset = random.uniform(-0.25...0.1) * Double(min(width, height)), softness = random.uniform(20...80)
            let cx = Double(width) / 2, cy = Double(height) / 2
            for y in 0..<height {
                for x in 0..<width {
                    let d = (Double(x) - cx) * nx + (Double(y) - cy) * ny - offset
                    let t = Float(1 / (1 + exp(-d / softness)))
                    let g = 1 - (1 - depth) * t
                    let i = (y * width + x) * 3
                    frame.data[i] *= g; frame.data[i + 1] *= g; frame.data[i + 2] *= g
                }
            }
        }
        let sigma = random.uniform(effects.blur)
        frame.blur(sigma: sigma)
        let noise = random.uniform(effects.noise)
        for i in 0..<frame.data.count { frame.data[i] += Float(random.gaussian(sigma: noise)) }
        return Shot(image: frame.image(), corners: corners, rotationDegrees: rotation, blurSigma: sigma, shadow: shadow,
                    jpegQuality: Int(random.uniform(70...92)))
    }
}
