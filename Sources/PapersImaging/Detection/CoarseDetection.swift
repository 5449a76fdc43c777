import Foundation

/// A second look for documents lying on strongly patterned surfaces (a checked tablecloth),
/// whose lines outvote the document's own sides at the analysis scale.
///
/// The plane is shrunk four times and box-blurred over about one period of such a pattern, which
/// flattens it into an even mid-tone while a document stays a distinct, if soft-edged, region.
/// The quadrilateral found there is then snapped back onto the sharp edges of the analysis plane,
/// side by side, by searching a band of offsets and angles around each coarse side.
enum CoarseDetection {
    /// Shrink factor from the analysis plane: down to about 110 pixels wide.
    static func factor(planeWidth: Int) -> Int { max(2, Int((Double(planeWidth) / 110).rounded())) }

    /// The document's quadrilateral in analysis-plane coordinates, or `nil`.
    ///
    /// Three coarse views are searched: brightness, colourfulness and texture energy (the mean
    /// gradient magnitude). A checked cloth can average out to the card's own gray, but not to its
    /// colour and not to its smoothness.
    static func detect(plane image: Image, chroma: Image?, fineEdges: EdgeMap) -> QuadSearch.Candidate? {
        let k = factor(planeWidth: image.width)
        guard image.width >= 16 * k, image.height >= 16 * k else { return nil }
        let w = image.width / k, h = image.height / k
        var views = [image.resized(width: w, height: h)]
        if let chroma { views.append(chroma.resized(width: w, height: h)) }
        views.append(textureEnergy(fineEdges, factor: k, width: w, height: h))
        let blurred = views.map { $0.boxBlurred(radius: 2).boxBlurred(radius: 2) }
        var candidates: [QuadSearch.Candidate] = []
        for view in blurred {
            let edges = EdgeMap(view, minimumThreshold: 6 * 4)
            candidates += QuadSearch.candidates(lines: HoughLines.detect(edges), edges: edges)
        }
        let scale = Double(k)
        func toPlane(_ quad: Quadrilateral) -> Quadrilateral {
            Quadrilateral(corners: quad.corners.map { Point(x: ($0.x + 0.5) * scale - 0.5, y: ($0.y + 0.5) * scale - 0.5) })!
        }
        // The outline from lines of the blurred views, and the outline of each view's document-like region.
        var outlines: [QuadSearch.Candidate] = []
        if let coarse = QuadSearch.choose(candidates, width: Double(w), height: Double(h), judgingProlongations: false),
           let snapped = snap(toPlane(coarse.quad), edges: fineEdges, reach: 2.5 * scale) {
            var result = coarse
            result.quad = snapped
            outlines.append(result)
        }
        for view in blurred {
            // A region's outline can lie further out than 1.5 coarse pixels where the blur spread a
            // card's rounded corners (a card on a checked cloth at 1920×1080): when no side is found
            // that near, a second look reaches 2 coarse pixels.
            guard let region = region(in: view),
                  let snapped = snap(toPlane(region.quad), edges: fineEdges, reach: 1.5 * scale)
                    ?? snap(toPlane(region.quad), edges: fineEdges, reach: 2 * scale) else { continue }
            outlines.append(QuadSearch.Candidate(quad: snapped, lines: [], coverage: 0, area: 0, bandContrast: 0, channel: 0))
        }
        // The caller takes a coarse outline only whole in the frame: choose among those.
        outlines.removeAll { !$0.quad.isInside(width: fineEdges.width, height: fineEdges.height, margin: -2) }
        for i in outlines.indices {
            outlines[i].area = outlines[i].quad.area
            outlines[i].channel = 0
            outlines[i].coverage = QuadSearch.coverage(of: outlines[i].quad, edges: fineEdges)
        }
        // The largest of the outlines about as well backed as the best, the backing discounted by
        // how uneven the brightness just inside the sides is past what a document's margin shows
        // (a deviation of 15, print near an edge and a glare spot included): the squares of a
        // checked cloth on both sides of one of its lines are far more uneven.
        let scores = outlines.map { $0.coverage / (1 + max(0, insideDeviation(of: $0.quad, gray: fineEdges) - 15) / 20) }
        guard let strongest = scores.max() else { return nil }
        return zip(outlines, scores).filter { $0.1 >= 0.7 * strongest }.map(\.0).max { $0.area < $1.area }
    }

    /// The mean gradient magnitude over k×k blocks, as a gray image (clamped at 255).
    static func textureEnergy(_ edges: EdgeMap, factor k: Int, width w: Int, height h: Int) -> Image {
        let fw = edges.width
        var out = [UInt8](repeating: 0, count: w * h)
        // Gradients are ×16 per gray level; /16 back to gray levels, ×2 to spread the range.
        let divisor = k * k * 8
        UnsafeBuffers.reading(edges.gx, edges.gy) { gx, gy in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum = 0
                        for dy in 0..<k {
                            let row = (y * k + dy) * fw + x * k
                            for dx in 0..<k { sum += abs(Int(gx[row + dx])) + abs(Int(gy[row + dx])) }
                        }
                        out[y * w + x] = UInt8(min(255, sum / divisor))
                    }
                }
            }
        }
        return Image(width: w, height: h, format: .gray, pixels: out)!
    }

    /// Moves each side to the line near it (within `reach` pixels and ±4°) best backed by edges
    /// with an even margin inside, then intersects the sides; `nil` when a side finds no support.
    ///
    /// Against a checked cloth a document's side is brighter than the dark squares and darker than
    /// the light ones, so edges of either polarity count; what sets it apart from the cloth's own
    /// lines is the document's margin just inside it, of one brightness where the cloth alternates.
    /// A line's edge count is therefore divided by 1 + (the deviation of the brightness three
    /// pixels inside it) / 20.
    static func snap(_ quad: Quadrilateral, edges: EdgeMap, reach: Double) -> Quadrilateral? {
        let cx = quad.corners.map(\.x).reduce(0, +) / 4, cy = quad.corners.map(\.y).reduce(0, +) / 4
        var lines: [Line] = []
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 8 else { return nil }
            let direction = atan2(b.y - a.y, b.x - a.x)
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            var best: (score: Double, line: Line)?
            // Every line tried for this side is sampled at the same positions along it.
            let samples = Int(length * 0.8 / 2)
            let positions = (0..<samples).map { s in (Double(s) / Double(max(1, samples - 1)) - 0.5) * length * 0.8 }
            let threshold = Double(edges.threshold)
            let surelyWeak = edges.surelyWeak
            let w = edges.width, h = edges.height
            for degrees in stride(from: -4.0, through: 4.0, by: 1) {
                let angle = direction + degrees * .pi / 180
                let dx = cos(angle), dy = sin(angle)
                var nx = -dy, ny = dx
                if (cx - mid.x) * nx + (cy - mid.y) * ny < 0 { nx = -nx; ny = -ny }  // inwards
                for offset in stride(from: -reach, through: reach, by: 1) {
                    let ox = mid.x + nx * offset, oy = mid.y + ny * offset
                    var brighterInside = 0, darkerInside = 0
                    // Read in place (the edge map's probe): this runs for every line tried, over a
                    // hundred per side.
                    edges.withProbe { probe in
                        positions.withUnsafeBufferPointer { positions in
                            let needed = best?.score ?? 0
                            for (s, t) in positions.enumerated() {
                                // Every 32 samples: stop once even an edge at every sample left could
                                // not beat the best line (the test after the loop).
                                if s & 31 == 0, Double(brighterInside + darkerInside + positions.count - s) <= needed { break }
                                let x = (ox + dx * t).nearestInteger, y = (oy + dy * t).nearestInteger
                                guard x >= 1, y >= 1, x < w - 1, y < h - 1 else { continue }
                                let index = y &* w &+ x
                                guard probe.m2[index] >= surelyWeak else { continue }
                                let m = Double(Float(probe.m2[index]).squareRoot())
                                guard m >= threshold else { continue }
                                let dot = (Double(probe.gx[index]) * nx + Double(probe.gy[index]) * ny) / m
                                if dot > 0.93 { brighterInside += 1 } else if dot < -0.93 { darkerInside += 1 }
                            }
                        }
                    }
                    // The band only divides the edge count: a line with no more edges than the best
                    // score cannot beat it, and its band is not measured.
                    guard Double(brighterInside + darkerInside) > (best?.score ?? 0) else { continue }
                    var inside = BandSpread()
                    for t in positions {
                        let x = (ox + dx * t).nearestInteger, y = (oy + dy * t).nearestInteger
                        guard x >= 1, y >= 1, x < w - 1, y < h - 1 else { continue }
                        inside.add(edges, x: ox + dx * t + nx * BandSpread.depth, y: oy + dy * t + ny * BandSpread.depth)
                    }
                    let score = Double(brighterInside + darkerInside) / (1 + (inside.deviation ?? 0) / 20)
                    if score > (best?.score ?? 0) {
                        let theta = atan2(ny, nx)
                        best = (score, Line(theta: theta, rho: ox * cos(theta) + oy * sin(theta), votes: brighterInside + darkerInside))
                    }
                }
            }
            guard let best, best.line.votes >= Int(length * 0.8 / 2 * 0.25) else { return nil }
            lines.append(best.line)
        }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(with: lines[i]) else { return nil }
            corners.append(p)
        }
        let snapped = Quadrilateral(corners: corners)!
        return snapped.isConvex ? snapped : nil
    }

    /// The standard deviation of the brightness three pixels inside each side, averaged over the
    /// three evenest sides: a document's margin is even, a patterned surface's squares are not
    /// (and one side of a document may run close to print).
    static func insideDeviation(of quad: Quadrilateral, gray edges: EdgeMap) -> Double {
        let cx = quad.corners.map(\.x).reduce(0, +) / 4, cy = quad.corners.map(\.y).reduce(0, +) / 4
        var deviations: [Double] = []
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 8 else { deviations.append(0); continue }
            let dx = (b.x - a.x) / length, dy = (b.y - a.y) / length
            var nx = -dy, ny = dx
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            if (cx - mid.x) * nx + (cy - mid.y) * ny < 0 { nx = -nx; ny = -ny }
            var band = BandSpread()
            var t = 0.1 * length
            while t < 0.9 * length {
                band.add(edges, x: a.x + dx * t + nx * BandSpread.depth, y: a.y + dy * t + ny * BandSpread.depth)
                t += 2
            }
            deviations.append(band.deviation ?? 0)
        }
        // One side may run close to print: a passport's MRZ lies a few millimetres from its edge.
        return deviations.sorted().prefix(3).reduce(0, +) / 3
    }
}
