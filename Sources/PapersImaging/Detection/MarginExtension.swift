import Foundation

/// Moves a side found along the edge of a document's printed text out to the document's own edge.
///
/// White paper on a white desk leaves the page's edge faint, while the first line of text or the
/// edge of a text block is crisp, so an outline can stop at the print. Such a side is known by its
/// bands: print just inside it, an even surface just outside. The document's edge then lies
/// further out, beyond an even margin: the side moves to the line there best backed by edges of
/// either polarity, when one is backed well enough and the margin inside it is even.
enum MarginExtension {
    /// The standard deviation of brightness above which a band is taken for print.
    static let printDeviation = 12.0
    /// The standard deviation of brightness below which a band is taken for an even surface.
    static let evenDeviation = 6.0
    /// How far out the document's edge is looked for, as a fraction of the distance to the opposite side.
    static let reach = 0.15
    /// The fraction of a line's samples that must lie on an edge along it.
    static let minimumSupport = 0.3

    /// The quadrilateral with each side that runs along print moved out to the document's edge.
    static func extended(_ quad: Quadrilateral, edges: EdgeMap) -> Quadrilateral {
        let cx = quad.corners.map(\.x).reduce(0, +) / 4, cy = quad.corners.map(\.y).reduce(0, +) / 4
        var lines: [Line] = []
        var moved = false
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            guard length > 16 else { return quad }
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let direction = atan2(b.y - a.y, b.x - a.x)
            var nx = -sin(direction), ny = cos(direction)
            if (cx - mid.x) * nx + (cy - mid.y) * ny < 0 { nx = -nx; ny = -ny }  // inwards
            let own = Line(theta: atan2(ny, nx), rho: mid.x * nx + mid.y * ny, votes: 0)
            let c = quad.corners[(i + 2) % 4], d = quad.corners[(i + 3) % 4]
            let span = abs((c.x + d.x) / 2 * nx + (c.y + d.y) / 2 * ny - (mid.x * nx + mid.y * ny))
            // Every line tried for this side is sampled at the same positions along it.
            let positions = samplePositions(length: length)
            let here = sample(edges, mid: mid, direction: direction, nx: nx, ny: ny, offset: 0, positions: positions)
            guard here.inside > printDeviation, here.outside < evenDeviation else {
                lines.append(own)
                continue
            }
            var best: (support: Double, line: Line)?
            for degrees in stride(from: -2.0, through: 2.0, by: 1) {
                let angle = direction + degrees * .pi / 180
                var mx = -sin(angle), my = cos(angle)
                if mx * nx + my * ny < 0 { mx = -mx; my = -my }
                // The direction along the lines of this angle, for every offset.
                let along = (x: cos(angle), y: sin(angle))
                for offset in stride(from: 2.0, through: max(2, reach * span), by: 1) {
                    // The edge support first: most lines have too little, and need no bands measured
                    // (nor all their samples: the count stops once the support cannot pass).
                    let support = sample(edges, mid: mid, along: along, nx: mx, ny: my, offset: offset, positions: positions,
                                         bands: false, needing: max(minimumSupport, best?.support ?? 0)).support
                    guard support >= minimumSupport, support > best?.support ?? 0,
                          sample(edges, mid: mid, along: along, nx: mx, ny: my, offset: offset, positions: positions).inside < evenDeviation
                    else { continue }
                    let ox = mid.x - mx * offset, oy = mid.y - my * offset
                    best = (support, Line(theta: atan2(my, mx), rho: ox * mx + oy * my, votes: 0))
                }
            }
            if let best {
                lines.append(best.line)
                moved = true
            } else {
                lines.append(own)
            }
        }
        guard moved else { return quad }
        var corners: [Point] = []
        for i in 0..<4 {
            guard let p = lines[(i + 3) % 4].intersection(with: lines[i]) else { return quad }
            corners.append(p)
        }
        guard let extended = Quadrilateral(corners: corners), extended.isConvex else { return quad }
        return extended
    }

    /// The positions (from the middle, in pixels) of a side's samples over the middle 80% of its
    /// `length`, every two pixels or so and at least eight.
    static func samplePositions(length: Double) -> [Double] {
        let samples = max(8, Int(length * 0.8 / 2))
        return (0..<samples).map { s in (Double(s) / Double(samples - 1) - 0.5) * length * 0.8 }
    }

    /// Along the line through `mid` moved `offset` pixels outwards (against the inward normal
    /// `nx`, `ny`), at `positions` (see ``samplePositions(length:)``): the fraction of samples on
    /// an edge across it (either polarity), and the brightness deviation three pixels inside and
    /// outside it (not measured, infinite, without `bands`).
    ///
    /// Without `bands`, sampling may stop early once the support cannot reach `needing`: the
    /// support returned is then below it too (not the full count's).
    static func sample(_ edges: EdgeMap, mid: Point, direction: Double, nx: Double, ny: Double,
                       offset: Double, positions: [Double], bands: Bool = true,
                       needing: Double = 0) -> (support: Double, inside: Double, outside: Double) {
        sample(edges, mid: mid, along: (cos(direction), sin(direction)), nx: nx, ny: ny, offset: offset, positions: positions,
               bands: bands, needing: needing)
    }

    /// ``sample(_:mid:direction:nx:ny:offset:positions:bands:needing:)`` with the line's direction
    /// given as its cosine and sine (`along`), which the lines of one angle share.
    static func sample(_ edges: EdgeMap, mid: Point, along: (x: Double, y: Double), nx: Double, ny: Double,
                       offset: Double, positions: [Double], bands: Bool = true,
                       needing: Double = 0) -> (support: Double, inside: Double, outside: Double) {
        let (dx, dy) = along
        let ox = mid.x - nx * offset, oy = mid.y - ny * offset
        let w = edges.width, h = edges.height
        let threshold = Double(edges.threshold)
        let surelyWeak = edges.surelyWeak
        var hits = 0, count = 0
        var inside = BandSpread(), outside = BandSpread()
        // Read in place (the edge map's probe): this runs for every line tried, a few hundred per side.
        edges.withProbe { probe in
            positions.withUnsafeBufferPointer { positions in
                for (s, t) in positions.enumerated() {
                    // Every 8 samples without bands: stop once an edge at every sample left would
                    // still leave the support under `needing` (the most it can reach is
                    // (hits + left) / (count + left), and a quotient of doubles keeps the order).
                    if !bands, s & 7 == 0, s > 0 {
                        let left = positions.count - s
                        if Double(hits + left) / Double(count + left) < needing { break }
                    }
                    let px = ox + dx * t, py = oy + dy * t
                    let x = px.nearestInteger, y = py.nearestInteger
                    guard x >= 1, y >= 1, x < w - 1, y < h - 1 else { continue }
                    count += 1
                    let index = y &* w &+ x
                    if probe.m2[index] >= surelyWeak {
                        let m = Double(Float(probe.m2[index]).squareRoot())
                        if m >= threshold, abs(Double(probe.gx[index]) * nx + Double(probe.gy[index]) * ny) / m > 0.93 { hits += 1 }
                    }
                    guard bands else { continue }
                    let (bx, by) = (nx * BandSpread.depth, ny * BandSpread.depth)
                    inside.add(edges, x: px + bx, y: py + by)
                    outside.add(edges, x: px - bx, y: py - by)
                }
            }
        }
        return (count == 0 ? 0 : Double(hits) / Double(count), inside.deviation ?? .infinity, outside.deviation ?? .infinity)
    }
}
