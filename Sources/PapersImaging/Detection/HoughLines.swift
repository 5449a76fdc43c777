import Foundation

/// A straight edge in normal form: `x·cos θ + y·sin θ = rho`, θ in [0, 2π) pointing the way the
/// brightness rises across it (so the two sides of a document's edge are told apart).
struct Line: Sendable, Hashable {
    let theta: Double
    let rho: Double
    /// Supporting votes.
    let votes: Int
    /// cos θ and sin θ, computed once: candidate searches intersect lines by the thousand.
    let cosTheta: Double
    let sinTheta: Double

    init(theta: Double, rho: Double, votes: Int) {
        self.theta = theta
        self.rho = rho
        self.votes = votes
        cosTheta = cos(theta)
        sinTheta = sin(theta)
    }

    /// The intersection with another line, or `nil` when they are (nearly) parallel.
    func intersection(with other: Line) -> Point? {
        let (c1, s1, c2, s2) = (cosTheta, sinTheta, other.cosTheta, other.sinTheta)
        let det = c1 * s2 - s1 * c2
        guard abs(det) > 1e-6 else { return nil }
        return Point(x: (rho * s2 - other.rho * s1) / det, y: (c1 * other.rho - c2 * rho) / det)
    }

    /// The angle between two normals, 0…π (π for edges facing each other or away from each other).
    func normalAngle(to other: Line) -> Double {
        // Angles under 2π are their own remainder (the division is left out: it is a library call,
        // and candidate searches compare lines by the thousand).
        var d = abs(theta - other.theta)
        if d >= 2 * .pi { d = d.truncatingRemainder(dividingBy: 2 * .pi) }
        if d > .pi { d = 2 * .pi - d }
        return d
    }

    /// The signed distance of a point from the line, positive on the side the normal points to.
    func signedDistance(_ p: Point) -> Double { p.x * cosTheta + p.y * sinTheta - rho }

    /// The unsigned angle between two lines' directions, in radians, 0…π/2.
    func angle(to other: Line) -> Double {
        // The remainder of a difference under 2π is the difference, or the difference less π,
        // which is exact (within a factor of two of π).
        var d = abs(theta - other.theta)
        if d >= .pi { d = d < 2 * .pi ? d - .pi : d.truncatingRemainder(dividingBy: .pi) }
        if d > .pi / 2 { d = .pi - d }
        return d
    }

    /// The line fitted through weighted points by total least squares; `nil` for fewer than two points.
    static func fit(_ points: [(x: Double, y: Double, weight: Double)]) -> Line? {
        let total = points.reduce(0) { $0 + $1.weight }
        guard points.count >= 2, total > 0 else { return nil }
        let mx = points.reduce(0) { $0 + $1.x * $1.weight } / total
        let my = points.reduce(0) { $0 + $1.y * $1.weight } / total
        var sxx = 0.0, sxy = 0.0, syy = 0.0
        for p in points {
            let dx = p.x - mx, dy = p.y - my
            sxx += p.weight * dx * dx
            sxy += p.weight * dx * dy
            syy += p.weight * dy * dy
        }
        // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
        let direction = 0.5 * atan2(2 * sxy, sxx - syy)
        let theta = direction + .pi / 2
        return Line(theta: theta, rho: mx * cos(theta) + my * sin(theta), votes: points.count)
    }
}

/// An orientation-constrained Hough transform over signed directions: each edge pixel votes
/// only near its own gradient direction, so an edge whose polarity flips along its length (a
/// checked cloth) splits its votes while a document's edge keeps them all.
enum HoughLines {
    static let thetaBins = 360

    /// ρ bins are 2 pixels wide: edges that waver by a pixel still pile up.
    static let rhoStep = 2.0
    /// An edge votes for the directions within this many bins of its own.
    static let spread = 3
    /// Rows of the vote tables and the accumulator: the circle's bins, `spread` more before it
    /// and one more after it (see `detect`).
    static let rows = thetaBins + 2 * spread + 1
    /// The width of a direction bin, in radians.
    static let step = 2 * Double.pi / Double(thetaBins)

    /// The bin a row of the tables and the accumulator stands for.
    static func bin(ofRow row: Int) -> Int { (row - spread + thetaBins) % thetaBins }

    /// cos of each row's direction, over the ρ step, in 16.16 fixed point, and a 0 after the
    /// last row (so that eight entries can be read from any row an edge starts voting in).
    static let fixedCos = (0..<rows).map { Int32((cos(Double(bin(ofRow: $0)) * step) / rhoStep * 65536).rounded()) } + [0]
    /// sin of each row's direction, over the ρ step, in 16.16 fixed point, and a 0 after the last row.
    static let fixedSin = (0..<rows).map { Int32((sin(Double(bin(ofRow: $0)) * step) / rhoStep * 65536).rounded()) } + [0]

    /// The strongest lines of `edges`, at most `maximumPerFamily` of one direction.
    ///
    /// `maximumLines` is 26: every candidate search after this grows with the number of lines (as
    /// pairs of pairs); more lines find no more corners and cost time, fewer lose some.
    /// `inLanes` computes an edge's seven ρ together in vector lanes (the same votes; by default
    /// on builds for AVX2 or AVX-512, see ``BuildTarget/avx2``; tests compare both ways).
    static func detect(_ edges: EdgeMap, maximumLines: Int = 26, maximumPerFamily: Int = 4, flipRatio: Double = 0.6,
                       inLanes: Bool = BuildTarget.avx2) -> [Line] {
        let rhoStep = Self.rhoStep
        let diagonal = Int((Double(edges.width * edges.width + edges.height * edges.height)).squareRoot() / rhoStep) + 1
        let rhoBins = 2 * diagonal + 1
        // Votes fit 16 bits: the analysis plane is at most a few hundred pixels across.
        // cos and sin per bin in 16.16 fixed point, already divided by the ρ step, so that a vote is
        // two integer multiplies and a shift (this loop runs seven times per edge pixel). The
        // tables and the accumulator carry bins past each end of the circle (`spread` before it,
        // one more after it, for a direction that rounds up to 2π), so that an edge's seven votes
        // need no wrapping; those rows are then added to the bins they stand for (the same counts).
        let spread = Self.spread, rows = Self.rows
        var accumulator = [UInt16](repeating: 0, count: rows * rhoBins)
        let step = Self.step
        // The tables are the same for every frame: made once.
        let (fixedCos, fixedSin) = (Self.fixedCos, Self.fixedSin)
        let binsPerRadian = Float(Double(thetaBins) / (2 * .pi))
        accumulator.withUnsafeMutableBufferPointer { acc in
            UnsafeBuffers.reading(fixedCos, fixedSin) { cosines, sines in
                guard let acc = acc.baseAddress, let cosines = cosines.baseAddress, let sines = sines.baseAddress else { return }
                let offset = Int32(diagonal) << 16 + 32768
                if inLanes {
                    Self.votesInLanes(edges.edges, into: acc, rhoBins: rhoBins, cosines: cosines, sines: sines,
                                      offset: offset, binsPerRadian: binsPerRadian)
                } else {
                    Self.votes(edges.edges, into: acc, rhoBins: rhoBins, cosines: cosines, sines: sines,
                               offset: offset, binsPerRadian: binsPerRadian)
                }
                for row in Array(0..<spread) + Array((thetaBins + spread)..<rows) {
                    let target = acc + (Self.bin(ofRow: row) + spread) * rhoBins, source = acc + row * rhoBins
                    for r in 0..<rhoBins { target[r] &+= source[r] }
                }
            }
        }
        // The circle's own bins, from bin 0.
        let circle = spread * rhoBins..<(spread + thetaBins) * rhoBins
        // Peaks: strongest first, each suppressing its neighbourhood of ±3° and ±6 pixels (θ wraps around).
        let minimumVotes = UInt16(max(10, min(edges.width, edges.height) / 16))
        var cells: [(index: Int, votes: UInt16)] = []
        // Most cells hold fewer votes than the largest power of two not above the minimum: 32, or
        // else four, at a time are passed over when none has a bit at or above it.
        var power: UInt16 = 1
        while power <= minimumVotes / 2 { power *= 2 }
        let high = UInt64(~(power - 1)) * 0x0001_0001_0001_0001
        accumulator[circle].withUnsafeBufferPointer { acc in
            let raw = UnsafeRawPointer(acc.baseAddress!)
            // Only cells that are maxima of their 3×3 neighbourhood can be peaks.
            for bin in 0..<thetaBins {
                let previous = ((bin + thetaBins - 1) % thetaBins) * rhoBins, next = ((bin + 1) % thetaBins) * rhoBins
                let row = bin * rhoBins
                var r = 1
                while r < rhoBins - 1 {
                    if r + 32 <= rhoBins - 1 {
                        let at = 2 * (row + r)
                        var any: UInt64 = 0
                        for k in 0..<8 { any |= raw.loadUnaligned(fromByteOffset: at + 8 * k, as: UInt64.self) }
                        if any & high == 0 {
                            r += 32
                            continue
                        }
                    }
                    if r + 4 <= rhoBins - 1, raw.loadUnaligned(fromByteOffset: 2 * (row + r), as: UInt64.self) & high == 0 {
                        r += 4
                        continue
                    }
                    defer { r += 1 }
                    let v = acc[row + r]
                    guard v >= minimumVotes, v >= acc[row + r - 1], v >= acc[row + r + 1],
                          v >= acc[previous + r], v >= acc[next + r],
                          v >= acc[previous + r - 1], v >= acc[previous + r + 1],
                          v >= acc[next + r - 1], v >= acc[next + r + 1] else { continue }
                    cells.append((row + r, v))
                }
            }
        }
        // A line whose polarity flips along its length (the grid of a checked cloth, where the
        // squares alternate dark and light) has as many votes at (θ + π, −ρ) as at (θ, ρ); the side
        // of a document keeps one polarity. Flipping lines are texture, not candidates.
        accumulator[circle].withUnsafeBufferPointer { acc in
            cells.removeAll { cell in
                let bin = cell.index / rhoBins, r = cell.index % rhoBins
                let oppositeBin = (bin + thetaBins / 2) % thetaBins, oppositeR = 2 * diagonal - r
                var opposite: UInt16 = 0
                // ±2° of direction, the same ρ bin: a thin printed margin beside a side sits a bin off.
                for db in -2...2 where oppositeR >= 0 && oppositeR < rhoBins {
                    opposite = max(opposite, acc[((oppositeBin + db + thetaBins) % thetaBins) * rhoBins + oppositeR])
                }
                return Double(opposite) >= flipRatio * Double(cell.votes)
            }
        }
        cells.sort { $0.votes > $1.votes || ($0.votes == $1.votes && $0.index < $1.index) }
        var peaks: [Line] = []
        var accepted: [(bin: Int, r: Int)] = []
        for cell in cells {
            let bin = cell.index / rhoBins, r = cell.index % rhoBins
            let suppressed = accepted.contains { peak in
                let dt = abs(peak.bin - bin)
                return min(dt, thetaBins - dt) <= 3 && abs(peak.r - r) <= 3
            }
            guard !suppressed else { continue }
            accepted.append((bin, r))
            // At most a few lines of one direction (±5°, one polarity): the parallel lines of a
            // checked or striped surface must not crowd out a document's side a few degrees off.
            let family = peaks.reduce(0) { count, line in
                let dt = abs(Int((line.theta / step).rounded()) - bin)
                return min(dt, thetaBins - dt) <= 5 ? count + 1 : count
            }
            guard family < maximumPerFamily else { continue }
            peaks.append(Line(theta: Double(bin) * step, rho: Double(r - diagonal) * rhoStep, votes: Int(cell.votes)))
            if peaks.count == maximumLines { break }
        }
        peaks.sort { $0.votes > $1.votes }
        return Array(peaks.prefix(maximumLines))
    }
}
