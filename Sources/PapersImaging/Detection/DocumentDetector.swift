import Foundation

/// Where a document lies in a frame.
public struct DocumentDetection: Sendable, Hashable {
    /// The corners in input-image pixels, clockwise from the top-left, the first side a long side.
    public let quad: Quadrilateral
    /// How well the quadrilateral's sides are backed by edges, 0…1.
    public let confidence: Double
    /// Whether all four corners lie inside the frame.
    public let isInFrame: Bool
    /// The part of the document inside the frame, when one of its sides runs outside it and was
    /// inferred (its corners there are then an estimate); `nil` when all four sides were seen.
    let visibleQuad: Quadrilateral?

    /// The region to judge the picture on: the visible part of the document.
    var measuredQuad: Quadrilateral { visibleQuad ?? quad }
}

/// Finds the quadrilateral of an ID card, passport page or sheet of paper in a photo.
///
/// The frame is shrunk to about 480 pixels, edges are found (blur, Sobel, non-maximum
/// suppression), straight lines are voted for by edge pixels in their own gradient direction,
/// and the document is the largest quadrilateral of two near-parallel line pairs whose sides
/// are well backed by edges. The sides are then refitted to their edge pixels for sub-pixel corners.
public enum DocumentDetector {
    /// Detects the document in `frame`; `nil` when no quadrilateral is convincing.
    public static func detect(in frame: Image) -> DocumentDetection? {
        detect(plane: AnalysisPlane(frame: frame), frameWidth: frame.width, frameHeight: frame.height)
    }

    static func detect(plane: AnalysisPlane, frameWidth: Int, frameHeight: Int) -> DocumentDetection? {
        let w = Double(plane.image.width), h = Double(plane.image.height)
        var maps = [EdgeMap(plane.image)]
        var candidates = QuadSearch.candidates(lines: HoughLines.detect(maps[0]), edges: maps[0])
        let first = QuadSearch.choose(candidates, width: w, height: h)
        // Brightness alone misses a pastel card on a white desk: when it finds nothing large and
        // clear, look at colourfulness too.
        // The colourfulness view is made at most once, and only when a look needs it.
        var chromaView: Image??
        func chroma() -> Image? {
            if let made = chromaView { return made }
            let made = plane.chroma()
            chromaView = .some(made)
            return made
        }
        if first.map({ $0.coverage < 0.5 || $0.area < 0.12 * w * h }) ?? true, let chroma = chroma() {
            let colourEdges = EdgeMap(chroma)
            maps.append(colourEdges)
            candidates += QuadSearch.candidates(lines: HoughLines.detect(colourEdges), edges: colourEdges, channel: 1)
        }
        var chosen = maps.count == 1
            ? first
            : QuadSearch.afterColourLook(QuadSearch.choose(candidates, width: w, height: h), brightnessChoice: first, width: w, height: h)
        // Nothing, or something small: on a patterned surface the pattern's lines may have hidden
        // the document's sides. Look again with the pattern blurred away.
        // A document taken to run out of the frame may instead have a side the pattern hid.
        // A weakly backed outline may be print inside a document whose own sides the pattern
        // broke up (a glare spot over the page helps the print's edges win): a coarse outline
        // around it, much better backed, replaces it.
        let inferred = chosen?.inferredSide != nil
        let weak = chosen.map { $0.coverage < 0.45 } ?? false
        if chosen.map({ $0.area < 0.12 * w * h || inferred || weak }) ?? true,
           let coarse = CoarseDetection.detect(plane: plane.image, chroma: chroma(), fineEdges: maps[0]),
           coarse.quad.isInside(width: Int(w), height: Int(h), margin: -2) {
            let larger = coarse.coverage >= (inferred ? 0.5 : 0.3) && coarse.area >= (inferred ? 0.5 : 1.4) * (chosen?.area ?? 0)
            let firmer = weak && coarse.coverage >= (chosen?.coverage ?? 0) + 0.25 && coarse.area >= (chosen?.area ?? 0)
            if larger || firmer { chosen = coarse }
        }
        guard let candidate = chosen else { return nil }
        let edges = maps[candidate.channel]
        // An outline taken from print (its sides crisp where the page's edge is faint) moves out to the page.
        let outline = candidate.inferredSide == nil ? MarginExtension.extended(candidate.quad, edges: edges) : candidate.quad
        let refined = refine(outline, edges: edges) ?? outline
        let quad = orderCorners(Quadrilateral(corners: refined.corners.map(plane.toInput))!)
        let visible = candidate.inferredSide.map { side in
            orderCorners(Quadrilateral(corners: QuadSearch.visiblePart(of: refined, inferredSide: side, width: w, height: h)
                .corners.map(plane.toInput))!)
        }
        return DocumentDetection(
            quad: quad,
            confidence: min(1, max(0, QuadSearch.coverage(of: refined, edges: edges))),
            isInFrame: quad.isInside(width: frameWidth, height: frameHeight, margin: -0.5),
            visibleQuad: visible)
    }

    /// Refits each side to the edge pixels near it and intersects the refitted lines.
    static func refine(_ quad: Quadrilateral, edges: EdgeMap) -> Quadrilateral? {
        var lines: [Line] = []
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 1 else { return nil }
            let dx = (b.x - a.x) / length, dy = (b.y - a.y) / length
            let nx = -dy, ny = dx
            var points: [(x: Double, y: Double, weight: Double)] = []
            // Only the edges of the rows the side's band can reach, near the side, are read.
            let rows = (min(a.y, b.y) - 3)...(max(a.y, b.y) + 3)
            edges.forEachEdge(inRows: rows, near: a, normal: (nx, ny), within: 2.5) { edge in
                let px = Double(edge.x) - a.x, py = Double(edge.y) - a.y
                let along = px * dx + py * dy
                guard along > 0.05 * length, along < 0.95 * length, abs(px * nx + py * ny) <= 2.5 else { return }
                let alignment = abs(Double(cosf(edge.angle)) * nx + Double(sinf(edge.angle)) * ny)
                guard alignment > 0.93 else { return }
                points.append((Double(edge.x), Double(edge.y), Double(edge.magnitude)))
            }
            guard points.count >= 8, let fitted = Line.fit(points) else {
                lines.append(Line.fit([(a.x, a.y, 1), (b.x, b.y, 1)])!)
                continue
            }
            lines.append(fitted)
        }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(with: lines[i]) else { return nil }
            corners.append(p)
        }
        let refined = Quadrilateral(corners: corners)!
        // Keep the refinement only when it stays close to the hypothesis.
        for (p, q) in zip(refined.corners, quad.corners) where p.distance(to: q) > 6 { return quad }
        return refined.isConvex ? refined : quad
    }

    /// Orders corners clockwise from the top-left with the first side a long side.
    static func orderCorners(_ quad: Quadrilateral) -> Quadrilateral {
        let cx = quad.corners.map(\.x).reduce(0, +) / 4, cy = quad.corners.map(\.y).reduce(0, +) / 4
        let clockwise = quad.corners.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        // Start at a corner whose outgoing side is long; of the two, the one nearer the frame's top-left.
        let sideLengths = (0..<4).map { clockwise[$0].distance(to: clockwise[($0 + 1) % 4]) }
        let startA = sideLengths[0] + sideLengths[2] >= sideLengths[1] + sideLengths[3] ? 0 : 1
        let startB = startA + 2
        let start = clockwise[startA].x + clockwise[startA].y <= clockwise[startB].x + clockwise[startB].y ? startA : startB
        return Quadrilateral(corners: (0..<4).map { clockwise[(start + $0) % 4] })!
    }
}
