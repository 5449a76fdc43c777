import Foundation
import PapersImaging

/// Makes photos of synthetic documents with known ground truth: a document drawn flat, placed
/// on a surface with rotation, perspective and scale, then photographed badly — blur, motion
/// blur, noise, glare, shadow, exposure — exactly as recorded in ``SyntheticPhotoTruth``.
public struct PhotoSynthesizer: Sendable {
    /// Settings of a synthetic set.
    public struct Configuration: Sendable, Hashable {
        /// Frame width in pixels. Default 1280.
        public var width = 1280
        /// Frame height in pixels. Default 720.
        public var height = 720
        /// Share of photos where part of the document is outside the frame. Default 0.1.
        public var outOfFrameRate = 0.1
        /// Share of photos with a glare spot. Default 0.35.
        public var glareRate = 0.35
        /// Share of heavily blurred photos. Default 0.2.
        public var heavyBlurRate = 0.2
        /// Share of mildly blurred photos (neither sharp nor heavy). Default 0.15.
        public var mildBlurRate = 0.15
        /// The share of the frame the document covers, drawn uniformly. Default 0.12…0.55.
        public var fillRange: ClosedRange<Double> = 0.12...0.55
        /// The long side, in pixels, the flat document is drawn at before it is photographed. Default 900.
        public var documentLongSide = 900
        /// The surfaces documents lie on; `nil` (the default) draws from all of them.
        public var backgrounds: [SyntheticBackground]?
        /// The defaults.
        public init() {}
    }

    /// The settings.
    public var configuration: Configuration

    /// Creates a synthesiser.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The photo number `index` of the set with seed `seed` (the same arguments always give the
    /// same photo). `kind` defaults to a random card, passport page or sheet of paper; `print`
    /// puts a real MRZ, barcode or portrait on the document.
    public func photo(seed: UInt64, index: Int, kind chosenKind: SyntheticDocumentKind? = nil,
                      print: SyntheticPrint? = nil) -> SyntheticPhoto {
        var random = SeededRandom(seed: seed &* 1_000_003 &+ UInt64(index))
        let w = configuration.width, h = configuration.height
        let drawnKind = [SyntheticDocumentKind.idCard, .passportPage, .paper][Int(random.uniform(0...2.999))]
        let kind = chosenKind ?? drawnKind
        let drawn = SyntheticBackground.allCases[Int(random.uniform(0...5.999))]
        let background = configuration.backgrounds.flatMap { $0.isEmpty ? nil : $0[Int(random.uniform(0...0.999) * Double($0.count))] } ?? drawn
        let document = DocumentRenderer.render(kind, longSide: configuration.documentLongSide, print: print, random: &random)
        var canvas = background.render(width: w, height: h, random: &random)

        // Placement: scale, rotation, perspective, position.
        let fill = random.uniform(configuration.fillRange)
        let docAspect = Double(document.width) / Double(document.height)
        let docW = (fill * Double(w * h) * docAspect).squareRoot()
        let docH = docW / docAspect
        let rotation = random.chance(0.6) ? random.gaussian(sigma: 8) : random.uniform(0...360)
        let angle = rotation * .pi / 180
        let outOfFrame = random.chance(configuration.outOfFrameRate)
        var corners: [Point] = []
        var inFrame = false
        for _ in 0..<50 {
            let cx = random.uniform(0.2...0.8) * Double(w), cy = random.uniform(0.2...0.8) * Double(h)
            let base = [(-docW / 2, -docH / 2), (docW / 2, -docH / 2), (docW / 2, docH / 2), (-docW / 2, docH / 2)]
            corners = base.map { (x, y) in
                let jx = random.gaussian(sigma: 0.03) * docW, jy = random.gaussian(sigma: 0.03) * docH
                return Point(x: cx + (x + jx) * cos(angle) - (y + jy) * sin(angle), y: cy + (x + jx) * sin(angle) + (y + jy) * cos(angle))
            }
            let quad = Quadrilateral(corners: corners)!
            inFrame = quad.isInside(width: w, height: h, margin: 4)
            let visible = quad.corners.filter { $0.x >= 0 && $0.y >= 0 && $0.x < Double(w) && $0.y < Double(h) }.count
            if outOfFrame ? (!inFrame && visible >= 2) : inFrame { break }
        }
        let quad = Quadrilateral(corners: corners)!
        let docCorners = [Point(x: 0, y: 0), Point(x: Double(document.width), y: 0),
                          Point(x: Double(document.width), y: Double(document.height)), Point(x: 0, y: Double(document.height))]
        if let toDocument = Homography(from: corners, to: docCorners) {
            let corner = Double(min(document.width, document.height)) * (kind == .idCard ? 0.06 : 0.0)
            for y in 0..<h {
                for x in 0..<w {
                    // 2×2 supersampling for clean, anti-aliased document edges.
                    var r: Float = 0, g: Float = 0, b: Float = 0, covered: Float = 0
                    for (ox, oy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                        let p = toDocument.apply(Point(x: Double(x) + ox, y: Double(y) + oy))
                        guard p.x >= 0, p.y >= 0, p.x < Double(document.width), p.y < Double(document.height),
                              !Self.outsideRoundedCorner(p, width: Double(document.width), height: Double(document.height), radius: corner)
                        else { continue }
                        let s = document.sample(p.x, p.y)
                        r += s.0; g += s.1; b += s.2; covered += 1
                    }
                    guard covered > 0 else { continue }
                    let i = (y * w + x) * 3
                    let keep = 1 - covered / 4
                    canvas.data[i] = canvas.data[i] * keep + r / 4
                    canvas.data[i + 1] = canvas.data[i + 1] * keep + g / 4
                    canvas.data[i + 2] = canvas.data[i + 2] * keep + b / 4
                }
            }
        }

        // Shadow: a soft-edged darker half-plane.
        let shadow = random.chance(0.3)
        if shadow {
            let a = random.uniform(0...(2 * .pi)), offset = random.uniform(-0.2...0.2) * Double(min(w, h))
            let depth = Float(random.uniform(0.55...0.8)), softness = random.uniform(20...120)
            for y in 0..<h {
                for x in 0..<w {
                    let d = (Double(x) - Double(w) / 2) * cos(a) + (Double(y) - Double(h) / 2) * sin(a) - offset
                    let t = Float(1 / (1 + exp(-d / softness)))
                    let factor = 1 - (1 - depth) * t
                    let i = (y * w + x) * 3
                    canvas.data[i] *= factor; canvas.data[i + 1] *= factor; canvas.data[i + 2] *= factor
                }
            }
        }

        // Glare: a saturating specular spot on the document.
        let glare = random.chance(configuration.glareRate)
        var glareCenter: Point?
        var glareRadius: Double?
        var mrzObscured = false
        var barcodeObscured = false
        if glare, let toFrame = Homography(from: docCorners, to: corners) {
            var center = toFrame.apply(Point(x: random.uniform(0.15...0.85) * Double(document.width),
                                             y: random.uniform(0.15...0.85) * Double(document.height)))
            for _ in 0..<20 where !(center.x > 0 && center.y > 0 && center.x < Double(w) && center.y < Double(h)) {
                center = toFrame.apply(Point(x: random.uniform(0.2...0.8) * Double(document.width),
                                             y: random.uniform(0.2...0.8) * Double(document.height)))
            }
            let radius = random.uniform(0.05...0.14) * quad.meanWidth
            let strength = Float(random.uniform(260...420))
            for y in max(0, Int(center.y - 3 * radius))..<min(h, Int(center.y + 3 * radius)) {
                for x in max(0, Int(center.x - 3 * radius))..<min(w, Int(center.x + 3 * radius)) {
                    let d2 = (Double(x) - center.x) * (Double(x) - center.x) + (Double(y) - center.y) * (Double(y) - center.y)
                    let add = strength * Float(exp(-d2 / (2 * radius * radius * 0.5)))
                    let i = (y * w + x) * 3
                    canvas.data[i] += add; canvas.data[i + 1] += add; canvas.data[i + 2] += add
                }
            }
            glareCenter = center
            glareRadius = radius
            // Where the spot saturates (the spot adds at least ~60 levels), print cannot be seen;
            // faint print goes sooner.
            if let lines = print?.mrzLines, let length = lines.first?.utf8.count {
                let washout = 60 * max(0.4, print?.mrzStyle.contrast ?? 1)
                let reach = radius * (log(max(1, Double(strength) / washout))).squareRoot()
                mrzObscured = DocumentRenderer.mrzCellCentres(lineCount: lines.count, length: length, kind: kind,
                                                              width: document.width, height: document.height,
                                                              pitchScale: print?.mrzStyle.pitchScale ?? 1)
                    .contains { toFrame.apply($0).distance(to: center) < reach }
            }
            if let barcode = print?.barcode {
                let reach = radius * (log(Double(strength) / 60)).squareRoot()
                barcodeObscured = DocumentRenderer.barcodeSamplePoints(barcode, width: document.width, height: document.height)
                    .contains { toFrame.apply($0).distance(to: center) < reach }
            }
        }

        // Exposure.
        var gain = 1.0
        let exposureRoll = random.uniform(0...1)
        if exposureRoll < 0.07 { gain = random.uniform(0.3...0.5) } else if exposureRoll < 0.12 { gain = random.uniform(1.5...1.9) }
        // The light is scaled; the sensor clips it at the end, as without a gain. A glare spot (light
        // well past white) so stays far brighter than the page in a dark picture, and clipped where
        // its light still passes white, as a specular highlight does in a camera (it was clipped
        // before the scaling, which left a grey plateau at 255 × gain).
        if gain != 1 { for i in 0..<canvas.data.count { canvas.data[i] *= Float(gain) } }

        // Optics and blur.
        canvas.gaussianBlur(sigma: 0.6)
        var sigma = 0.0, motion = 0.0
        let blurRoll = random.uniform(0...1)
        if blurRoll < configuration.heavyBlurRate {
            if random.chance(0.5) { sigma = random.uniform(2.8...6) } else { motion = random.uniform(14...32) }
        } else if blurRoll < configuration.heavyBlurRate + configuration.mildBlurRate {
            sigma = random.uniform(1.1...2.0)
        }
        canvas.gaussianBlur(sigma: sigma)
        canvas.motionBlur(length: motion, angle: random.uniform(0...Double.pi))

        let noise = random.uniform(0...6)
        if noise > 0.5 { for i in 0..<canvas.data.count { canvas.data[i] += Float(random.gaussian(sigma: noise)) } }

        let truth = SyntheticPhotoTruth(
            kind: kind, background: background, corners: corners, documentInFrame: inFrame,
            rotationDegrees: rotation, blurSigma: sigma, motionBlurLength: motion,
            heavyBlur: sigma >= 2.5 || motion >= 12, sharp: sigma == 0 && motion == 0,
            glare: glare, glareCenter: glareCenter, glareRadius: glareRadius, shadow: shadow,
            exposureGain: gain, noiseSigma: noise, jpegQuality: Int(random.uniform(55...95)),
            mrzLines: print?.mrzLines.isEmpty == false ? print?.mrzLines : nil,
            mrzObscuredByGlare: print?.mrzLines.isEmpty == false ? mrzObscured : nil,
            barcodePayload: print?.barcode != nil && print?.barcodePayload.isEmpty == false ? print.map { Data($0.barcodePayload) } : nil,
            barcodeObscuredByGlare: print?.barcode != nil ? barcodeObscured : nil,
            portrait: kind != .paper && print?.barcode == nil ? print?.portrait?.name : nil)
        return SyntheticPhoto(image: canvas.image(), truth: truth)
    }

    static func outsideRoundedCorner(_ p: Point, width: Double, height: Double, radius: Double) -> Bool {
        guard radius > 0 else { return false }
        let cx = p.x < radius ? radius : (p.x > width - radius ? width - radius : p.x)
        let cy = p.y < radius ? radius : (p.y > height - radius ? height - radius : p.y)
        guard cx != p.x && cy != p.y else { return false }
        return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) > radius * radius
    }
}
