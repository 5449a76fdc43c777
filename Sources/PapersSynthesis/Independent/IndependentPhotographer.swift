import Foundation
import PapersImaging

/// Photographs a flat document for the independent renderer: a desk, the document placed with
/// rotation and perspective, uneven light, sometimes a glare spot on the portrait, lens softening
/// and sensor noise. Every photo stays readable by a person: the document lies wholly in the
/// frame, blur stays mild, exposure normal and the glare never reaches the MRZ.
enum IndependentPhotographer {
    /// Photographs `painted`, a document of `kind` whose width takes `fill` of a `width` × `height`
    /// frame, the lens softening it by a Gaussian of σ drawn from `blur` pixels and the sensor
    /// adding noise of σ drawn from `noise` levels.
    static func photograph(_ painted: IndependentDocumentPainter.Painted, kind: SyntheticDocumentKind, mrzLines: [String],
                           fill: Double, width: Int, height: Int, blur: ClosedRange<Double> = 0.4...1.4,
                           noise noiseRange: ClosedRange<Double> = 1.5...5, random: inout SeededRandom) -> SyntheticPhoto {
        let document = painted.raster
        let desk = [SyntheticBackground.wood, .whiteDesk, .dark, .granite][Int(random.uniform(0...3.999))]
        var frame = paintDesk(desk, width: width, height: height, random: &random)

        // Placement: the document's width is `fill` of the frame's (less if its height would not fit).
        let aspect = Double(document.width) / Double(document.height)
        var docW = fill * Double(width)
        docW = min(docW, 0.86 * Double(height) * aspect)
        let rotation = max(-10, min(10, random.gaussian(sigma: 4)))
        var corners: [Point] = []
        for attempt in 0..<40 {
            let scale = attempt < 20 ? 1.0 : 0.85
            let w = docW * scale, h = w / aspect
            let angle = rotation * .pi / 180
            let cx = random.uniform(0.38...0.62) * Double(width), cy = random.uniform(0.4...0.6) * Double(height)
            corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map { (x, y) in
                // Perspective: each corner moves by about 2.5% of the document's width.
                let px = x + random.gaussian(sigma: 0.025) * w, py = y + random.gaussian(sigma: 0.025) * w
                return Point(x: cx + px * cos(angle) - py * sin(angle), y: cy + px * sin(angle) + py * cos(angle))
            }
            if corners.allSatisfy({ $0.x > 8 && $0.y > 8 && $0.x < Double(width - 8) && $0.y < Double(height - 8) }) { break }
        }
        let flat = [Point(x: 0, y: 0), Point(x: Double(document.width), y: 0),
                    Point(x: Double(document.width), y: Double(document.height)), Point(x: 0, y: Double(document.height))]
        let mmPerPixel = IndependentMRZZone.physicalSize(kind).width / Double(document.width)
        // ID-1 and ID-2 cards have corners rounded to 3.18 mm (ISO/IEC 7810); passport pages are square.
        let cornerRadius = kind == .passportPage ? 0 : 3.18 / mmPerPixel
        if let toDocument = Homography(from: corners, to: flat) {
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let bx0 = max(0, Int(xs.min()!) - 1), bx1 = min(width, Int(xs.max()!) + 2)
            let by0 = max(0, Int(ys.min()!) - 1), by1 = min(height, Int(ys.max()!) + 2)
            let offsets = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
            for y in stride(from: by0, to: by1, by: 1) {
                for x in stride(from: bx0, to: bx1, by: 1) {
                    var sum: (Float, Float, Float) = (0, 0, 0), hits: Float = 0
                    for (ox, oy) in offsets {
                        let p = toDocument.apply(Point(x: Double(x) + ox, y: Double(y) + oy))
                        guard inside(p, width: Double(document.width), height: Double(document.height), radius: cornerRadius) else { continue }
                        sum.0 += document.sample(p.x, p.y, 0); sum.1 += document.sample(p.x, p.y, 1); sum.2 += document.sample(p.x, p.y, 2)
                        hits += 1
                    }
                    guard hits > 0 else { continue }
                    let i = (y * width + x) * 3, keep = 1 - hits / 4
                    frame.data[i] = frame.data[i] * keep + sum.0 / 4
                    frame.data[i + 1] = frame.data[i + 1] * keep + sum.1 / 4
                    frame.data[i + 2] = frame.data[i + 2] * keep + sum.2 / 4
                }
            }
        }

        // Light: a gentle gradient across the frame and a colour cast.
        let light = (random.uniform(-0.1...0.1), random.uniform(-0.1...0.1))
        let cast = (Float(random.uniform(0.95...1.05)), Float(1), Float(random.uniform(0.93...1.05)))
        for y in 0..<height {
            for x in 0..<width {
                let g = Float(1 + light.0 * (Double(x) / Double(width) - 0.5) * 2 + light.1 * (Double(y) / Double(height) - 0.5) * 2)
                let i = (y * width + x) * 3
                frame.data[i] *= g * cast.0; frame.data[i + 1] *= g * cast.1; frame.data[i + 2] *= g * cast.2
            }
        }

        // Glare on the portrait (never on the MRZ): where it adds 60 levels or more nothing can be read.
        var glareCenter: Point?, glareRadius: Double?
        if let portrait = painted.portrait, random.chance(0.3), let toFrame = Homography(from: flat, to: corners) {
            let centre = toFrame.apply(Point(x: portrait.centre.x + random.gaussian(sigma: 0.2) * portrait.halfWidth,
                                             y: portrait.centre.y + random.gaussian(sigma: 0.2) * portrait.halfHeight))
            let strength = random.uniform(180...320)
            let cells = (painted.zone?.cellCentres ?? []).map { toFrame.apply($0) }
            let scale = toFrame.apply(portrait.centre).distance(to: toFrame.apply(Point(x: portrait.centre.x + portrait.halfWidth, y: portrait.centre.y)))
            var radius = scale * random.uniform(0.6...1.0)
            while radius > 4, cells.contains(where: { $0.distance(to: centre) < radius * log(strength / 60).squareRoot() * 1.2 }) { radius *= 0.8 }
            if radius > 4 {
                for y in stride(from: max(0, Int(centre.y - 3 * radius)), to: min(height, Int(centre.y + 3 * radius)), by: 1) {
                    for x in stride(from: max(0, Int(centre.x - 3 * radius)), to: min(width, Int(centre.x + 3 * radius)), by: 1) {
                        let d2 = (Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)
                        let add = Float(strength * exp(-d2 / (radius * radius)))
                        let i = (y * width + x) * 3
                        frame.data[i] += add; frame.data[i + 1] += add; frame.data[i + 2] += add
                    }
                }
                glareCenter = centre
                glareRadius = radius
            }
        }

        let sigma = random.uniform(blur)
        frame.blur(sigma: sigma)
        let noise = random.uniform(noiseRange)
        for i in 0..<frame.data.count { frame.data[i] += Float(random.gaussian(sigma: noise)) }

        let inFrame = corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x < Double(width) && $0.y < Double(height) }
        let truth = SyntheticPhotoTruth(
            kind: kind, background: desk, corners: corners, documentInFrame: inFrame, rotationDegrees: rotation,
            blurSigma: sigma, motionBlurLength: 0, heavyBlur: false, sharp: sigma < 0.8,
            glare: glareCenter != nil, glareCenter: glareCenter, glareRadius: glareRadius, shadow: false,
            exposureGain: 1, noiseSigma: noise, jpegQuality: Int(random.uniform(60...92)),
            mrzLines: mrzLines, mrzObscuredByGlare: false, barcodePayload: nil, barcodeObscuredByGlare: nil)
        return SyntheticPhoto(image: frame.image(), truth: truth)
    }

    /// Whether a document point lies on the document, its corners rounded to `radius`.
    static func inside(_ p: Point, width: Double, height: Double, radius: Double) -> Bool {
        guard p.x >= 0, p.y >= 0, p.x < width, p.y < height else { return false }
        guard radius > 0 else { return true }
        let cx = min(max(p.x, radius), width - radius), cy = min(max(p.y, radius), height - radius)
        return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) <= radius * radius
    }

    /// A desk surface: wood grain, a white desk, a dark mat or speckled stone.
    static func paintDesk(_ desk: SyntheticBackground, width: Int, height: Int, random: inout SeededRandom) -> IndependentRaster {
        var raster = IndependentRaster(width: width, height: height, channels: 3)
        let base: (Float, Float, Float)
        switch desk {
        case .wood: base = (Float(random.uniform(120...175)), Float(random.uniform(75...115)), Float(random.uniform(35...70)))
        case .whiteDesk: base = (Float(random.uniform(205...235)), Float(random.uniform(205...235)), Float(random.uniform(200...232)))
        case .dark: base = (Float(random.uniform(25...60)), Float(random.uniform(25...60)), Float(random.uniform(30...70)))
        default: base = (Float(random.uniform(100...160)), Float(random.uniform(100...160)), Float(random.uniform(100...160)))
        }
        let grainAngle = random.uniform(-0.3...0.3), grainFrequency = random.uniform(0.04...0.09) * 1280 / Double(width)
        let wobble = random.uniform(0.004...0.012), phase = random.uniform(0...100)
        for y in 0..<height {
            for x in 0..<width {
                var v: Float = 0
                switch desk {
                case .wood:
                    let along = Double(y) * cos(grainAngle) - Double(x) * sin(grainAngle)
                    v = Float(sin(along * grainFrequency + 5 * sin(Double(x) * wobble + phase)) * 16)
                case .granite:
                    v = Float(random.gaussian(sigma: 20))
                default:
                    v = Float(sin(Double(x) * wobble * 0.5 + phase) * 5 + sin(Double(y) * wobble * 0.7) * 4)
                }
                let i = (y * width + x) * 3
                raster.data[i] = base.0 + v; raster.data[i + 1] = base.1 + v * 0.8; raster.data[i + 2] = base.2 + v * 0.6
            }
        }
        if desk == .granite { raster.blur(sigma: 1.2) }
        return raster
    }
}
