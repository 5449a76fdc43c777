import Foundation

extension CoarseDetection {
    /// A document found as a region of a coarse view rather than by its lines: the view is split
    /// at its Otsu threshold, and the document is the largest compact, rectangle-like blob (its
    /// convex hull fills most of its smallest enclosing rectangle) lying inside the frame (touching
    /// its edge along at most a tenth of its perimeter).
    ///
    /// On a checked cloth the document's sides have edges only where the squares are darker (or
    /// brighter) than the card, so line votes are weak; blurred, the cloth becomes an even
    /// mid-tone and the card a distinct patch, whatever its sides look like up close.
    ///
    /// - Returns: the smallest enclosing rectangle of the blob in the view's pixels, and how much of
    ///   that rectangle the blob's hull fills (0…1), or `nil` when nothing fits.
    static func region(in view: Image) -> (quad: Quadrilateral, fill: Double)? {
        let w = view.width, h = view.height
        guard w >= 8, h >= 8 else { return nil }
        let packed = view.packed.pixels
        let threshold = Histogram.otsuThreshold(Histogram.of(packed))
        var best: (quad: Quadrilateral, fill: Double, score: Double)?
        // Each blob's leftmost and rightmost pixel per row, for its hull: reset after each blob,
        // over the rows it reached only (most blobs are specks).
        // (Buffers rather than arrays: the fill writes them pixel by pixel, and an array checks
        // at every write whether it must copy itself first.)
        let rowMin = UnsafeMutablePointer<Int>.allocate(capacity: h), rowMax = UnsafeMutablePointer<Int>.allocate(capacity: h)
        let seen = UnsafeMutablePointer<Bool>.allocate(capacity: w * h)
        // Pixels to visit, with their column and row (no division per pixel); each pixel is
        // pushed at most once.
        let stack = UnsafeMutablePointer<(i: Int, x: Int, y: Int)>.allocate(capacity: w * h)
        defer { rowMin.deallocate(); rowMax.deallocate(); seen.deallocate(); stack.deallocate() }
        rowMin.initialize(repeating: Int.max, count: h)
        rowMax.initialize(repeating: -1, count: h)
        packed.withUnsafeBufferPointer { pixels in
            for darkDocument in [true, false] {
                seen.initialize(repeating: false, count: w * h)
                @inline(__always) func member(_ i: Int) -> Bool { darkDocument ? pixels[i] < threshold : pixels[i] >= threshold }
                var depth = 0
                @inline(__always) func push(_ i: Int, _ x: Int, _ y: Int) {
                    seen[i] = true
                    stack[depth] = (i, x, y)
                    depth &+= 1
                }
                for start in 0..<(w * h) where !seen[start] && member(start) {
                    // Flood fill (4-neighbour); per row keep the leftmost and rightmost pixel for the hull.
                    var count = 0
                    var borderPixels = 0
                    var top = h, bottom = -1
                    push(start, start % w, start / w)
                    while depth > 0 {
                        depth &-= 1
                        let (i, x, y) = stack[depth]
                        count += 1
                        if x == 0 || y == 0 || x == w - 1 || y == h - 1 { borderPixels += 1 }
                        rowMin[y] = min(rowMin[y], x)
                        rowMax[y] = max(rowMax[y], x)
                        top = min(top, y)
                        bottom = max(bottom, y)
                        if x > 0, !seen[i - 1], member(i - 1) { push(i - 1, x - 1, y) }
                        if x < w - 1, !seen[i + 1], member(i + 1) { push(i + 1, x + 1, y) }
                        if y > 0, !seen[i - w], member(i - w) { push(i - w, x, y - 1) }
                        if y < h - 1, !seen[i + w], member(i + w) { push(i + w, x, y + 1) }
                    }
                    // The rows this blob reached, read below and then cleared for the next blob.
                    let rows = top...bottom
                    defer {
                        for y in rows {
                            rowMin[y] = Int.max
                            rowMax[y] = -1
                        }
                    }
                    // The blur spreads a document lying a few pixels from the frame's edge onto it: a
                    // blob may touch the edge along a tenth of its perimeter (that of a square of its
                    // area), not more (the surface around the document touches it all round).
                    guard Double(borderPixels) <= 0.1 * 4 * Double(count).squareRoot(),
                          Double(count) >= 0.03 * Double(w * h) else { continue }
                    var outline: [Point] = []
                    for y in rows where rowMax[y] >= 0 {
                        outline.append(Point(x: Double(rowMin[y]), y: Double(y) + 0.5))
                        outline.append(Point(x: Double(rowMax[y]) + 1, y: Double(y) + 0.5))
                    }
                    let hull = convexHull(outline)
                    guard hull.count >= 3, let rectangle = smallestEnclosingRectangle(hull) else { continue }
                    let hullArea = Quadrilateral.polygonArea(hull)
                    let fill = hullArea / max(1, rectangle.area)
                    let long = max(rectangle.meanWidth, rectangle.meanHeight), short = min(rectangle.meanWidth, rectangle.meanHeight)
                    guard fill >= 0.85, short > 0, long / short < 3.2 else { continue }
                    let score = hullArea * fill
                    if score > best?.score ?? 0 { best = (rectangle, fill, score) }
                }
            }
        }
        return best.map { ($0.quad, $0.fill) }
    }

    /// The convex hull of points, counter-clockwise in image coordinates (monotone chain).
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }

    /// The rectangle of least area around a convex polygon: one of its sides lies along a side of
    /// the polygon (rotating calipers, by brute force over the hull's few sides).
    static func smallestEnclosingRectangle(_ hull: [Point]) -> Quadrilateral? {
        var best: (area: Double, quad: Quadrilateral)?
        for i in hull.indices {
            let a = hull[i], b = hull[(i + 1) % hull.count]
            let length = a.distance(to: b)
            guard length > 1e-9 else { continue }
            let ux = (b.x - a.x) / length, uy = (b.y - a.y) / length
            var minU = Double.infinity, maxU = -Double.infinity, minV = Double.infinity, maxV = -Double.infinity
            for p in hull {
                let u = p.x * ux + p.y * uy, v = -p.x * uy + p.y * ux
                minU = min(minU, u); maxU = max(maxU, u); minV = min(minV, v); maxV = max(maxV, v)
            }
            let area = (maxU - minU) * (maxV - minV)
            guard area < best?.area ?? .infinity else { continue }
            func corner(_ u: Double, _ v: Double) -> Point { Point(x: u * ux - v * uy, y: u * uy + v * ux) }
            best = (area, Quadrilateral(corner(minU, minV), corner(maxU, minV), corner(maxU, maxV), corner(minU, maxV)))
        }
        return best?.quad
    }
}
