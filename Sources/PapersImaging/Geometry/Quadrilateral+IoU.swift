import Foundation

extension Quadrilateral {
    /// Intersection over union with another convex quadrilateral (0…1), by polygon clipping.
    public func intersectionOverUnion(with other: Quadrilateral) -> Double {
        let inter = Self.polygonArea(Self.clip(corners, by: other.corners))
        let union = area + other.area - inter
        return union > 0 ? inter / union : 0
    }

    /// Sutherland–Hodgman clipping of a polygon by a convex polygon.
    static func clip(_ subject: [Point], by clipper: [Point]) -> [Point] {
        // Orient the clipper counter-clockwise in the usual maths sense of the cross product.
        let orientation = polygonSignedArea(clipper) >= 0 ? 1.0 : -1.0
        var output = subject
        for i in 0..<clipper.count {
            let a = clipper[i], b = clipper[(i + 1) % clipper.count]
            func inside(_ p: Point) -> Bool { orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= 0 }
            func intersect(_ p: Point, _ q: Point) -> Point {
                let d1 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                let d2 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                let t = d1 / (d1 - d2)
                return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            let input = output
            output = []
            guard !input.isEmpty else { break }
            for j in 0..<input.count {
                let current = input[j], previous = input[(j + input.count - 1) % input.count]
                if inside(current) {
                    if !inside(previous) { output.append(intersect(previous, current)) }
                    output.append(current)
                } else if inside(previous) {
                    output.append(intersect(previous, current))
                }
            }
        }
        return output
    }

    static func polygonSignedArea(_ points: [Point]) -> Double {
        guard points.count >= 3 else { return 0 }
        var sum = 0.0
        for i in 0..<points.count {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    static func polygonArea(_ points: [Point]) -> Double { abs(polygonSignedArea(points)) }
}
