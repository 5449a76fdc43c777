import Foundation

/// Four corners of a document, in order top-left, top-right, bottom-right, bottom-left
/// as the document reads (so an upside-down document's top-left is at the bottom of the photo).
public struct Quadrilateral: Sendable, Hashable, Codable {
    /// The corners in reading order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point]

    /// Creates a quadrilateral from four corners.
    public init(_ topLeft: Point, _ topRight: Point, _ bottomRight: Point, _ bottomLeft: Point) {
        corners = [topLeft, topRight, bottomRight, bottomLeft]
    }

    /// Creates a quadrilateral from an array of exactly four corners.
    public init?(corners: [Point]) {
        guard corners.count == 4 else { return nil }
        self.corners = corners
    }

    /// The area (shoelace formula), positive whatever the winding.
    public var area: Double { Self.area((corners[0], corners[1], corners[2], corners[3])) }

    /// The mean length of the top and bottom edges.
    public var meanWidth: Double { Self.meanWidth((corners[0], corners[1], corners[2], corners[3])) }
    /// The mean length of the left and right edges.
    public var meanHeight: Double { Self.meanHeight((corners[0], corners[1], corners[2], corners[3])) }

    /// ``area`` of four bare corners (searches that reject most quadrilaterals make no array).
    @inline(__always)
    static func area(_ c: (Point, Point, Point, Point)) -> Double {
        var sum = c.0.x * c.1.y - c.1.x * c.0.y
        sum += c.1.x * c.2.y - c.2.x * c.1.y
        sum += c.2.x * c.3.y - c.3.x * c.2.y
        sum += c.3.x * c.0.y - c.0.x * c.3.y
        return abs(sum) / 2
    }

    /// ``meanWidth`` of four bare corners.
    @inline(__always)
    static func meanWidth(_ c: (Point, Point, Point, Point)) -> Double { (c.0.distance(to: c.1) + c.3.distance(to: c.2)) / 2 }
    /// ``meanHeight`` of four bare corners.
    @inline(__always)
    static func meanHeight(_ c: (Point, Point, Point, Point)) -> Double { (c.0.distance(to: c.3) + c.1.distance(to: c.2)) / 2 }

    /// The leftmost and rightmost x of the quadrilateral's part between the rows `top` and
    /// `bottom`; `nil` when it has none there. The extremes of a polygon cut by a band lie at its
    /// corners inside the band or where its sides cross the band's edges.
    func horizontalExtent(from top: Double, to bottom: Double) -> (lower: Double, upper: Double)? {
        var lower = Double.infinity, upper = -Double.infinity
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            if a.y >= top, a.y <= bottom { lower = min(lower, a.x); upper = max(upper, a.x) }
            for edge in [top, bottom] where (a.y - edge) * (b.y - edge) < 0 {
                let x = a.x + (b.x - a.x) * (edge - a.y) / (b.y - a.y)
                lower = min(lower, x); upper = max(upper, x)
            }
        }
        return lower <= upper ? (lower, upper) : nil
    }

    /// Whether every corner lies inside a `width`×`height` frame, with `margin` pixels to spare.
    public func isInside(width: Int, height: Int, margin: Double = 0) -> Bool {
        corners.allSatisfy { $0.x >= margin && $0.y >= margin && $0.x <= Double(width) - margin && $0.y <= Double(height) - margin }
    }

    /// Whether the polygon is convex (no reflex corner, no self-crossing).
    public var isConvex: Bool { Self.isConvex((corners[0], corners[1], corners[2], corners[3])) }

    /// Whether four corners in order make a convex polygon: every turn has the same sign, none
    /// is zero. On bare corners, so that searches rejecting most of their quadrilaterals make no array.
    @inline(__always)
    static func isConvex(_ c: (Point, Point, Point, Point)) -> Bool {
        @inline(__always) func cross(_ a: Point, _ b: Point, _ c: Point) -> Double {
            (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
        }
        let turns = (cross(c.0, c.1, c.2), cross(c.1, c.2, c.3), cross(c.2, c.3, c.0), cross(c.3, c.0, c.1))
        guard turns.0 != 0, turns.1 != 0, turns.2 != 0, turns.3 != 0 else { return false }
        let sign = turns.0 > 0
        return (turns.1 > 0) == sign && (turns.2 > 0) == sign && (turns.3 > 0) == sign
    }

    /// The quadrilateral with every coordinate scaled.
    public func scaled(by factor: Double) -> Quadrilateral {
        Quadrilateral(corners: corners.map { Point(x: $0.x * factor, y: $0.y * factor) })!
    }

    /// The quadrilateral grown by `fraction` of its width and height on every side, in the
    /// plane it is a perspective view of (so a photographed document grows like the paper would).
    public func expanded(by fraction: Double) -> Quadrilateral {
        part(across: -fraction...(1 + fraction), down: -fraction...(1 + fraction)) ?? self
    }

    /// The part of the plane this quadrilateral is a perspective view of that spans `across`
    /// along its first side and `down` along its last (fractions: 0…1 is the quadrilateral
    /// itself), as it appears in the image; `nil` when the quadrilateral is degenerate.
    public func part(across: ClosedRange<Double>, down: ClosedRange<Double>) -> Quadrilateral? {
        let unit = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        guard let toImage = Homography(from: unit, to: corners) else { return nil }
        let (x0, x1, y0, y1) = (across.lowerBound, across.upperBound, down.lowerBound, down.upperBound)
        return Quadrilateral(corners: [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
            .map(toImage.apply))
    }

    /// Whether a point lies inside (convex quadrilaterals).
    public func contains(_ p: Point) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
            }
        }
        return true
    }
}
