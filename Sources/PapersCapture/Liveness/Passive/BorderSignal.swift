import Foundation
import PapersImaging
import PapersRecognition

/// Looks for the edges of something held up to the camera around the face (a phone, a tablet, a
/// printed photo, an ID card): on how many sides of the face a straight edge runs longer than the
/// face, near vertical beside it or near horizontal above and below it.
///
/// The frame is searched shrunk to 240 pixels on its longer side, along lines up to 9° off the
/// vertical or horizontal, for the longest run of pixels whose gradient crosses the line with one
/// sign (gaps of up to 3 pixels bridged). An edge is a candidate when its run is at least 1.3
/// times the face's size, lies outside the face box and covers half the face's extent along it; a
/// side counts when one of its candidates meets a neighbouring side's at a corner (the ends of
/// both within 3% of the frame).
enum BorderSignal {
    /// The side of the face an edge lies on.
    enum Side: CaseIterable { case left, right, top, bottom }

    /// The sides of the face with a long straight edge.
    static func sides(in image: Image, face: DetectedFace, minimumGradient: Double = 48) -> Set<Side> {
        let small = image.fitting(maximumSide: 240)
        let scale = Double(small.width) / Double(image.width)
        let box = (x: face.x * scale, y: face.y * scale, width: face.width * scale, height: face.height * scale)
        let w = small.width, h = small.height
        guard w >= 8, h >= 8 else { return [] }
        var gray = [Double](repeating: 0, count: w * h)
        let channels = small.format.channels
        for y in 0..<h {
            for x in 0..<w {
                let i = small.offset(x: x, y: y)
                gray[y * w + x] = channels >= 3
                    ? (Double(small.pixels[i]) + Double(small.pixels[i + 1]) + Double(small.pixels[i + 2])) / 3
                    : Double(small.pixels[i])
            }
        }
        // Each pixel's gradient across vertical lines (x) and across horizontal ones (y), kept
        // only where it is at least 1.5 times the gradient along the line.
        var across = [Double](repeating: 0, count: w * h), down = across
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                func g(_ dx: Int, _ dy: Int) -> Double { gray[(y + dy) * w + x + dx] }
                let gx = (g(1, -1) + 2 * g(1, 0) + g(1, 1)) - (g(-1, -1) + 2 * g(-1, 0) + g(-1, 1))
                let gy = (g(-1, 1) + 2 * g(0, 1) + g(1, 1)) - (g(-1, -1) + 2 * g(0, -1) + g(1, -1))
                if abs(gx) >= 1.5 * abs(gy) { across[y * w + x] = gx }
                if abs(gy) >= 1.5 * abs(gx) { down[y * w + x] = gy }
            }
        }
        /// Whether the edge at (x, y) or a pixel either side of it (across the line) has `sign`.
        func edge(_ map: [Double], x: Int, y: Int, vertical: Bool, sign: Double) -> Bool {
            for d in -1...1 {
                let px = vertical ? x + d : x, py = vertical ? y : y + d
                if px >= 0, py >= 0, px < w, py < h, map[py * w + px] * sign >= minimumGradient { return true }
            }
            return false
        }
        var vertical: [Segment] = [], horizontal: [Segment] = []
        let slopes = stride(from: -9.0, through: 9.0, by: 3.0).map { tan($0 * Double.pi / 180) }
        let middleY = box.y + box.height / 2, middleX = box.x + box.width / 2
        for slope in slopes {
            // Vertical edges, x = x0 + (y - middle) × slope, beside the face.
            for x0 in 0..<w where Double(x0) < box.x - 0.15 * box.width || Double(x0) > box.x + 1.15 * box.width {
                for sign in [-1.0, 1.0] {
                    let run = longestRun(count: h) { y in
                        edge(across, x: Int((Double(x0) + (Double(y) - middleY) * slope).rounded()), y: y, vertical: true, sign: sign)
                    }
                    let covered = min(Double(run.end), box.y + box.height) - max(Double(run.start), box.y)
                    guard Double(run.length) >= 1.3 * box.height, covered >= 0.5 * box.height else { continue }
                    vertical.append(Segment(side: Double(x0) < box.x ? .left : .right, offset: Double(x0), middle: middleY,
                                            slope: slope, start: Double(run.start), end: Double(run.end)))
                }
            }
            // Horizontal edges, y = y0 + (x - middle) × slope, above and below it.
            for y0 in 0..<h where Double(y0) < box.y - 0.15 * box.height || Double(y0) > box.y + 1.15 * box.height {
                for sign in [-1.0, 1.0] {
                    let run = longestRun(count: w) { x in
                        edge(down, x: x, y: Int((Double(y0) + (Double(x) - middleX) * slope).rounded()), vertical: false, sign: sign)
                    }
                    let covered = min(Double(run.end), box.x + box.width) - max(Double(run.start), box.x)
                    guard Double(run.length) >= 1.3 * box.width, covered >= 0.5 * box.width else { continue }
                    horizontal.append(Segment(side: Double(y0) < box.y ? .top : .bottom, offset: Double(y0), middle: middleX,
                                              slope: slope, start: Double(run.start), end: Double(run.end)))
                }
            }
        }
        // A side counts when one of its edges meets an edge of a neighbouring side at a corner: the
        // straight lines of a room (door frames, shelves, curtains) rarely meet around a face.
        let tolerance = 0.03 * Double(max(w, h))
        var found = Set<Side>()
        for v in vertical {
            for h in horizontal where !(found.contains(v.side) && found.contains(h.side)) {
                // Where the two lines cross: x on the vertical one at y, y on the horizontal one at x.
                var y = h.offset
                var x = v.offset
                for _ in 0..<3 {
                    x = v.offset + (y - v.middle) * v.slope
                    y = h.offset + (x - h.middle) * h.slope
                }
                let atVerticalEnd = min(abs(y - v.start), abs(y - v.end)) <= tolerance
                let atHorizontalEnd = min(abs(x - h.start), abs(x - h.end)) <= tolerance
                if atVerticalEnd && atHorizontalEnd {
                    found.insert(v.side)
                    found.insert(h.side)
                }
            }
        }
        return found
    }

    /// A straight edge found: `position = offset + (along - middle) × slope`, running from
    /// `start` to `end` along its length.
    private struct Segment {
        let side: Side
        let offset: Double
        let middle: Double
        let slope: Double
        let start: Double
        let end: Double
    }

    /// The longest run of positions in `0..<count` passing `test`, gaps of up to 3 bridged.
    private static func longestRun(count: Int, _ test: (Int) -> Bool) -> (start: Int, end: Int, length: Int) {
        var best = (start: 0, end: 0, length: 0)
        var start = -1, last = -10
        for i in 0..<count where test(i) {
            if start < 0 || i - last > 4 { start = i }
            last = i
            if i - start + 1 > best.length { best = (start, i + 1, i - start + 1) }
        }
        return best
    }
}
