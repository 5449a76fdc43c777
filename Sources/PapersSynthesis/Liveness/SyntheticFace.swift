import Foundation
import PapersImaging

/// One photo of a face and its 68 landmarks (the iBUG 300-W layout dlib's shape predictor gives:
/// jaw 0–16, brows 17–26, nose 27–35, eyes 36–41 and 42–47, lips 48–67), re-rendered in other
/// poses: turned and nodded by a smooth warp of the face region, eyes shut by drawing the skin
/// above them down over them, a smile by pulling the mouth corners apart.
///
/// A test device for the liveness checks, which judge gestures from landmarks: a warp of one photo
/// moves the landmarks as a real gesture does, but it is not a model of how a real head turns, nor
/// of any presentation attack.
public struct SyntheticFace: Sendable {
    /// The photo, RGB.
    public let image: Image
    /// The face's 68 landmarks in the photo's pixels.
    public let landmarks: [Point]

    /// A face from a photo and its 68 landmarks; `nil` for another count or a degenerate face.
    public init?(image: Image, landmarks: [Point]) {
        guard landmarks.count == 68, landmarks[16].x - landmarks[0].x > 8, landmarks[8].y - landmarks[27].y > 8 else { return nil }
        self.image = image.rgb()
        self.landmarks = landmarks
    }

    /// The photo re-rendered in `pose`.
    public func rendered(_ pose: FacePose) -> Image {
        var out = image
        if pose.yaw != 0 || pose.pitch != 0 { out = warped(out, yaw: pose.yaw, pitch: pose.pitch) }
        if pose.smile != 0 { out = smiling(out, amount: pose.smile) }
        if pose.eyesClosed > 0 {
            for eye in [36, 42] { shut(eye: eye, closed: min(1, pose.eyesClosed), on: &out) }
        }
        return out
    }

    /// Where the landmarks of `pose` lie (the eyes' lids as they are drawn shut), by the same
    /// displacements the rendering applies.
    public func landmarks(in pose: FacePose) -> [Point] {
        var points = landmarks.map { p -> Point in
            let d = headDisplacement(at: p, yaw: pose.yaw, pitch: pose.pitch)
            return Point(x: p.x + d.x, y: p.y + d.y)
        }
        if pose.smile != 0 {
            points = points.map { p in
                let d = mouthDisplacement(at: p, amount: pose.smile)
                return Point(x: p.x + d.x, y: p.y + d.y)
            }
        }
        if pose.eyesClosed > 0 {
            let f = min(1, pose.eyesClosed)
            for (upper, lower) in [(37, 41), (38, 40), (43, 47), (44, 46)] {
                points[upper] = Point(x: points[upper].x, y: points[upper].y + f * Self.lidReach * (points[lower].y - points[upper].y))
            }
        }
        return points
    }

    // MARK: The face's frame

    /// The face's horizontal centre and half-width (the jaw's ends).
    private var across: (centre: Double, half: Double) {
        ((landmarks[0].x + landmarks[16].x) / 2, (landmarks[16].x - landmarks[0].x) / 2)
    }

    /// The eyes' line, the nose tip and the chin, down the face.
    private var down: (eyes: Double, nose: Double, chin: Double, top: Double) {
        let eyes = (landmarks[36].y + landmarks[39].y + landmarks[42].y + landmarks[45].y) / 4
        let chin = landmarks[8].y
        let brows = (17...26).map { landmarks[$0].y }.min() ?? eyes
        return (eyes, landmarks[30].y, chin, brows - 0.35 * (chin - brows))
    }

    /// The displacement of a head turn and nod at `p`: a cosine bump that is largest at the nose
    /// and falls to nothing at the jaw's ends and the chin, so the face's outline stays where it
    /// is and its middle moves as the nose does. Turns move the forehead to the chin; nods move
    /// what lies between the eyes' line and the chin.
    func headDisplacement(at p: Point, yaw: Double, pitch: Double) -> Point {
        let (cx, half) = across
        let (eyes, nose, chin, top) = down
        let u = (p.x - cx) / half
        guard abs(u) < 1 else { return Point(x: 0, y: 0) }
        let acrossBump = cos(Double.pi / 2 * u)
        var dx = 0.0, dy = 0.0
        if yaw != 0, p.y > top, p.y < chin {
            // Flat across the eyes, nose and mouth; tapering to the forehead's top and the chin.
            let upper = eyes - top, lower = chin - nose
            let v = p.y < eyes ? (eyes - p.y) / upper : (p.y > nose ? (p.y - nose) / lower : 0)
            dx = yaw * 2 * half * acrossBump * cos(Double.pi / 2 * min(1, v))
        }
        if pitch != 0, p.y > eyes, p.y < chin {
            let v = p.y < nose ? (nose - p.y) / (nose - eyes) : (p.y - nose) / (chin - nose)
            dy = pitch * (chin - eyes) * acrossBump * cos(Double.pi / 2 * min(1, v))
        }
        return Point(x: dx, y: dy)
    }

    /// The displacement of a smile at `p`: the mouth stretched across from its middle, the
    /// stretch fading over as much again beyond each corner, the corners lifted a little.
    func mouthDisplacement(at p: Point, amount: Double) -> Point {
        let left = landmarks[48], right = landmarks[54]
        let mx = (left.x + right.x) / 2, my = (left.y + right.y) / 2, half = (right.x - left.x) / 2
        guard half > 1 else { return Point(x: 0, y: 0) }
        let height = max(landmarks[57].y - landmarks[51].y, 0.5 * half) * 1.4
        let v = (p.y - my) / height
        guard abs(v) < 1 else { return Point(x: 0, y: 0) }
        let t = (p.x - mx) / half, reach = 2.2
        let stretch = abs(t) <= 1 ? t : (t < 0 ? -1 : 1) * max(0, (reach - abs(t)) / (reach - 1))
        let envelope = cos(Double.pi / 2 * v)
        return Point(x: amount * half * stretch * envelope, y: -0.5 * amount * half * abs(stretch) * envelope)
    }

    // MARK: Rendering

    private func warped(_ source: Image, yaw: Double, pitch: Double) -> Image {
        warp(source) { headDisplacement(at: $0, yaw: yaw, pitch: pitch) }
    }

    private func smiling(_ source: Image, amount: Double) -> Image {
        warp(source) { mouthDisplacement(at: $0, amount: amount) }
    }

    /// The image with every point moved by `displacement` (a forward map, smooth and gentle
    /// enough to invert): each pixel of the face region takes the source point that lands on it,
    /// found by fixed-point iteration, sampled bilinearly.
    private func warp(_ source: Image, displacement: (Point) -> Point) -> Image {
        var out = source
        let xs = landmarks.map(\.x), ys = landmarks.map(\.y)
        let (_, _, chin, top) = down
        let x0 = max(0, Int((xs.min() ?? 0) - 2)), x1 = min(source.width - 1, Int((xs.max() ?? 0) + 2))
        let y0 = max(0, Int(top - 2)), y1 = min(source.height - 1, Int(max(chin, ys.max() ?? 0) + 2))
        guard x0 < x1, y0 < y1 else { return out }
        for y in y0...y1 {
            for x in x0...x1 {
                let target = Point(x: Double(x), y: Double(y))
                var s = target
                for _ in 0..<6 {
                    let d = displacement(s)
                    s = Point(x: target.x - d.x, y: target.y - d.y)
                }
                guard s.x != target.x || s.y != target.y else { continue }
                let colour = Self.sample(source, s.x, s.y)
                let i = out.offset(x: x, y: y)
                out.pixels[i] = colour.0; out.pixels[i + 1] = colour.1; out.pixels[i + 2] = colour.2
            }
        }
        return out
    }

    /// How far down the open eye a shut lid's edge comes: the eye's own pixels are squeezed into
    /// the tenth left, where they read as the dark line of a closed eye's lashes.
    static let lidReach = 0.9

    /// Closes the eye whose outer corner is landmark `eye` (36 or 42; its inner corner `eye + 3`)
    /// as a lid does. The eye is taken as an ellipse a little larger than its landmarks (they sit
    /// inside the lash lines); column by column, its top comes `closed` of ``lidReach`` of the way
    /// to its bottom, the skin above (down from under the brow) stretching down behind it and the
    /// eye's own pixels squeezed into what is left.
    private func shut(eye: Int, closed: Double, on image: inout Image) {
        let p = landmarks
        let cx = (p[eye].x + p[eye + 3].x) / 2
        let upperY = (p[eye + 1].y + p[eye + 2].y) / 2, lowerY = (p[eye + 4].y + p[eye + 5].y) / 2
        let cy = (upperY + lowerY) / 2
        let a = 0.6 * abs(p[eye + 3].x - p[eye].x), b = 0.65 * max(1, lowerY - upperY)
        guard a > 1 else { return }
        // The skin stretched is what lies between the eye and the brow's middle, brow left out.
        let brow = p[eye == 36 ? 19 : 24].y
        let stretch = max(b, min(1.5 * b, (cy - b) - (brow + 0.3 * (cy - brow))))
        let source = image
        for x in max(0, Int(cx - a))...min(image.width - 1, Int((cx + a).rounded(.up))) {
            let u = (Double(x) - cx) / a
            let e = (max(0, 1 - u * u)).squareRoot()
            let yT = cy - b * e, yB = cy + b * e
            guard yB - yT > 0.5 else { continue }
            let yN = yT + closed * Self.lidReach * (yB - yT), top = yT - stretch
            for y in max(0, Int(top.rounded(.up)))...min(image.height - 1, Int(yB.rounded(.down))) {
                let fy = Double(y)
                guard fy > top, fy < yB else { continue }
                let from = fy < yN
                    ? top + (fy - top) * (yT - top) / (yN - top)
                    : yT + (fy - yN) * (yB - yT) / max(0.01, yB - yN)
                let colour = Self.sample(source, Double(x), from)
                let i = image.offset(x: x, y: y)
                image.pixels[i] = colour.0; image.pixels[i + 1] = colour.1; image.pixels[i + 2] = colour.2
            }
        }
    }

    /// The lid curve through `points` (sorted by x) at `x`, linear between them.
    private static func interpolate(_ points: [Point], at x: Double) -> Double {
        if x <= points[0].x { return points[0].y }
        for k in 1..<points.count where x <= points[k].x {
            let a = points[k - 1], b = points[k]
            let t = b.x > a.x ? (x - a.x) / (b.x - a.x) : 0
            return a.y + t * (b.y - a.y)
        }
        return points[points.count - 1].y
    }

    /// Bilinear sample of an RGB image, clamped at its edges.
    private static func sample(_ image: Image, _ x: Double, _ y: Double) -> (UInt8, UInt8, UInt8) {
        let fx = min(max(x, 0), Double(image.width - 1)), fy = min(max(y, 0), Double(image.height - 1))
        let x0 = Int(fx), y0 = Int(fy), x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let i00 = image.offset(x: x0, y: y0), i10 = image.offset(x: x1, y: y0)
        let i01 = image.offset(x: x0, y: y1), i11 = image.offset(x: x1, y: y1)
        func mix(_ k: Int) -> UInt8 {
            let top = Double(image.pixels[i00 + k]) * (1 - ax) + Double(image.pixels[i10 + k]) * ax
            let bottom = Double(image.pixels[i01 + k]) * (1 - ax) + Double(image.pixels[i11 + k]) * ax
            return UInt8(max(0, min(255, (top * (1 - ay) + bottom * ay).rounded())))
        }
        return (mix(0), mix(1), mix(2))
    }
}
