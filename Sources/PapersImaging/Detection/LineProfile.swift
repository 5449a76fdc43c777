/// The evidence along one detected line, sampled every two pixels across the frame and kept as
/// running sums, so that any stretch of the line (the side of a candidate quadrilateral) is
/// scored in constant time instead of by walking it again for every candidate.
///
/// Per sample it records what `QuadSearch.sideCoverage` and `QuadSearch.sideBandContrast` look at:
/// whether an edge of the line's orientation and polarity lies within a pixel of it (or one of
/// the opposite polarity), and the brightness three pixels to either side.
struct LineProfile {
    /// Sample spacing along the line, in pixels.
    static let spacing = 2.0

    let line: Line
    /// The position along the line (`t`, see `position(of:)`) of sample 0.
    private let start: Double
    /// Where the profile's running sums begin in its table's buffer (see ``LineProfiles``).
    private let first: Int
    /// The number of samples.
    private let samples: Int

    /// Running sums with one more entry than there are samples: entry k sums samples 0..<k. They
    /// are interleaved, ``fields`` per entry: samples inside the frame, samples with an edge of the
    /// line's polarity, samples with an edge of the opposite polarity only, samples with both band
    /// sides in the frame, and the brightness summed on the plus and the minus side.
    private static let fields = 6
    private static let (inside, hits, reversed, bandSamples, plusSum, minusSum) = (0, 1, 2, 3, 4, 5)

    /// The difference of one running sum between two entries.
    @inline(__always) private func sum(_ sums: UnsafePointer<Int32>, _ field: Int, _ first: Int, _ last: Int) -> Int {
        Int(sums[self.first &+ last &* Self.fields &+ field]) - Int(sums[self.first &+ first &* Self.fields &+ field])
    }

    /// Samples `line` across the edge map, appending its running sums to `table`. `inLanes` takes
    /// eight samples at a time in vector lanes (``laneSamples``; the same sums; by default on
    /// builds for AVX-512, see ``BuildTarget/avx512``; tests compare both ways).
    init(line: Line, edges: EdgeMap, appendingTo table: inout [Int32], inLanes: Bool = BuildTarget.avx512) {
        self.line = line
        first = table.count
        let w = edges.width, h = edges.height
        let c = line.cosTheta, s = line.sinTheta
        // p(t) = rho·n + t·d with n = (c, s), d = (−s, c); the stretch of t inside the frame.
        var lo = -Double.infinity, hi = Double.infinity
        func clip(_ base: Double, _ slope: Double, _ size: Double) {
            if abs(slope) < 1e-9 {
                if base < 0 || base >= size { lo = 1; hi = 0 }
                return
            }
            let t0 = -base / slope, t1 = (size - base) / slope
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
        }
        clip(line.rho * c, -s, Double(w))
        clip(line.rho * s, c, Double(h))
        start = lo.isFinite ? lo : 0
        guard lo.isFinite, hi.isFinite, hi > lo else {
            samples = 0
            table.append(contentsOf: repeatElement(0, count: Self.fields))
            return
        }
        let count = Int((hi - lo) / Self.spacing) + 1
        samples = count
        let base = table.count
        table.append(contentsOf: repeatElement(0, count: (count + 1) * Self.fields))
        let maxX = Double(w - 2), maxY = Double(h - 2)
        let (ox, oy) = (line.rho * c, line.rho * s)
        table.withUnsafeMutableBufferPointer { table in
            let entries = table.baseAddress! + base
            edges.withProbe { probe in
                edges.source.withUnsafeBufferPointer { gray in
                    // The running sums, local to this closure (a variable captured from outside
                    // it, or by a local function, is checked for exclusive access at run time at
                    // every sample).
                    var (sumInside, sumHits, sumReversed, sumBand, sumPlus, sumMinus): (Int32, Int32, Int32, Int32, Int32, Int32)
                        = (0, 0, 0, 0, 0, 0)
                    // Eight samples at a time in vector lanes, then the rest one by one.
                    var first = 0
                    if inLanes {
                        while first &+ 8 <= count {
                            let lanes = Self.laneSamples(from: first, lo: lo, ox: ox, oy: oy, c: c, s: s, probe: probe, gray: gray,
                                                         width: w, height: h)
                            for j in 0..<8 {
                                sumInside &+= lanes.inside[j]
                                sumHits &+= lanes.hits[j]
                                sumReversed &+= lanes.reversed[j]
                                sumBand &+= lanes.band[j]
                                sumPlus &+= lanes.plus[j]
                                sumMinus &+= lanes.minus[j]
                                Self.record(first &+ j, (sumInside, sumHits, sumReversed, sumBand, sumPlus, sumMinus), into: entries)
                            }
                            first &+= 8
                        }
                    }
                    for k in first..<count {
                        let t = lo + Double(k) * Self.spacing
                        let px = ox - t * s, py = oy + t * c
                        if px >= 2, py >= 2, px < maxX, py < maxY {
                            sumInside &+= 1
                            // An edge of the line's polarity within a pixel across it, or else one of the other.
                            let (along, against) = probe.polarities(x: px, y: py, nx: c, ny: s)
                            sumHits &+= along
                            sumReversed &+= against & (1 &- along)
                        }
                        let ix = Int(px + 3 * c), iy = Int(py + 3 * s), jx = Int(px - 3 * c), jy = Int(py - 3 * s)
                        if ix >= 0, iy >= 0, ix < w, iy < h, jx >= 0, jy >= 0, jx < w, jy < h {
                            sumBand &+= 1
                            sumPlus &+= Int32(gray[iy &* w &+ ix])
                            sumMinus &+= Int32(gray[jy &* w &+ jx])
                        }
                        Self.record(k, (sumInside, sumHits, sumReversed, sumBand, sumPlus, sumMinus), into: entries)
                    }
                }
            }
        }
    }

    /// Writes the running sums after sample `k` (entry k + 1).
    @inline(__always)
    private static func record(_ k: Int, _ sums: (Int32, Int32, Int32, Int32, Int32, Int32), into entries: UnsafeMutablePointer<Int32>) {
        let entry = entries + (k &+ 1) &* fields
        (entry[inside], entry[hits], entry[reversed], entry[bandSamples], entry[plusSum], entry[minusSum]) = sums
    }

    /// The position of a point's projection along the line.
    @inline(__always) func position(of p: Point) -> Double { -p.x * line.sinTheta + p.y * line.cosTheta }

    /// The running-sum entries bounding the samples strictly between two points on the line.
    @inline(__always) private func range(_ a: Point, _ b: Point) -> (Int, Int) {
        let ta = (position(of: a) - start) / Self.spacing, tb = (position(of: b) - start) / Self.spacing
        let first = max(0, min(samples, Int((min(ta, tb) + 1e-9).rounded(.up))))
        let last = max(first, min(samples, Int((max(ta, tb) - 1e-9).rounded(.down)) + 1))
        return (first, last)
    }

    /// The fraction of the samples between `a` and `b` (inside the frame) backed by an edge of the
    /// line's polarity, less those backed by the opposite polarity; `nil` when less than a quarter
    /// of the stretch lies inside the frame. Matches `QuadSearch.sideCoverage` for a side on this line.
    /// `sums` is the buffer of the profile's table.
    @inline(__always) func coverage(from a: Point, to b: Point, sums: UnsafePointer<Int32>) -> Double? {
        let (first, last) = range(a, b)
        let seen = sum(sums, Self.inside, first, last)
        let expected = max(8, Int(a.distance(to: b) / Self.spacing))
        guard seen >= expected / 4, seen > 0 else { return nil }
        let net = sum(sums, Self.hits, first, last) - sum(sums, Self.reversed, first, last)
        return Double(max(0, net)) / Double(seen)
    }

    /// |mean brightness three pixels to one side − three pixels to the other| between `a` and `b`;
    /// `nil` when less than a quarter of the stretch has both sides in the frame.
    /// `sums` is the buffer of the profile's table.
    @inline(__always) func bandContrast(from a: Point, to b: Point, sums: UnsafePointer<Int32>) -> Double? {
        let (first, last) = range(a, b)
        let seen = sum(sums, Self.bandSamples, first, last)
        let expected = max(8, Int(a.distance(to: b) / Self.spacing))
        guard seen >= expected / 4, seen > 0 else { return nil }
        return abs(Double(sum(sums, Self.plusSum, first, last)) - Double(sum(sums, Self.minusSum, first, last))) / Double(seen)
    }
}

/// The profiles of a candidate search's lines, with all their running sums in one buffer: the
/// search scores thousands of sides, and a profile holding an array of its own was retained and
/// released at every one. Shared (a class), so that candidates refer to it without copying it.
final class LineProfiles: Sendable {
    /// One profile per line, in the lines' order.
    let profiles: [LineProfile]
    /// The running sums of every profile.
    private let sums: [Int32]

    /// Profiles `lines` across the edge map.
    init(lines: [Line], edges: EdgeMap) {
        var sums: [Int32] = []
        profiles = lines.map { LineProfile(line: $0, edges: edges, appendingTo: &sums) }
        self.sums = sums
    }

    /// Calls `body` with a view that reads the profiles in place.
    func withView<R>(_ body: (View) -> R) -> R {
        profiles.withUnsafeBufferPointer { profiles in
            sums.withUnsafeBufferPointer { sums in body(View(profiles: profiles, sums: sums.baseAddress!)) }
        }
    }

    /// The profiles and their sums, read in place (valid only inside ``withView(_:)``).
    struct View {
        let profiles: UnsafeBufferPointer<LineProfile>
        let sums: UnsafePointer<Int32>

        /// ``LineProfile/coverage(from:to:sums:)`` of profile `index`.
        @inline(__always) func coverage(_ index: Int, from a: Point, to b: Point) -> Double? {
            profiles[index].coverage(from: a, to: b, sums: sums)
        }

        /// ``LineProfile/bandContrast(from:to:sums:)`` of profile `index`.
        @inline(__always) func bandContrast(_ index: Int, from a: Point, to b: Point) -> Double? {
            profiles[index].bandContrast(from: a, to: b, sums: sums)
        }
    }
}
