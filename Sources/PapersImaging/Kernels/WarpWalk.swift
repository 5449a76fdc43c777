/// The output pixels of a perspective warp, walked in tiles of ``tileWidth``×``tile``: for each row of
/// a tile, the source position of its first pixel, the step to the next pixel and how much that
/// step changes from pixel to pixel, in 32.32 fixed point.
///
/// Along an output row each source coordinate is (a + b·u) / (c + d·u). Over a tile's row the
/// chord between the exact positions at its ends follows that curve where the perspective along
/// the row is slight (always for a turn), and otherwise a parabola through the ends and the
/// middle does, to within a small fraction of a pixel (a thousandth in an ordinary perspective; the bound is
/// proved for each span, and a span is halved where it does not hold), so the inner loops of the
/// warps add four integers per pixel instead of dividing; tiles keep the source reads of a turned
/// document in cache. Positions are the continuous map of output pixel centres less half a pixel
/// (pixel `i` covers `i…i+1`), unclamped: each warp decides what lies outside.
struct WarpWalk {
    /// The height of a tile, in output pixels.
    static let tile = 32
    /// The width of a tile, in output pixels: wider than tall, so that a row span's setup (three
    /// positions of the exact map and the proof) is shared by more pixels.
    static let tileWidth = 64
    /// Fraction bits of the fixed-point positions and steps.
    static let fractionBits = 32
    /// One fixed-point unit (a pixel).
    static let one = 4_294_967_296.0
    /// How far (in pixels, each coordinate) a walked position may stray from the exact map: 1/64.
    static let tolerance = 1.0 / 64
    /// The margin a span keeps from the image's edges to count as interior: the tolerance, in fixed point.
    static let margin = 1 << (fractionBits - 6)
    /// A position shifted right by this, masked to 8 bits, is its bilinear weight (1/256 pixel).
    static let weightShift = fractionBits - 8

    /// One row span: the fixed-point source position of its first column, the step to the next
    /// column, the step's change per column, and the exact position of its last column.
    struct Span {
        var x: Int
        var y: Int
        var stepX: Int
        var stepY: Int
        var accelerationX: Int
        var accelerationY: Int
        var lastX: Int
        var lastY: Int
        /// Whether the steps stay the same along the span.
        var isLinear: Bool { accelerationX == 0 && accelerationY == 0 }

        /// Moves to the next column: the position takes its step, and the step grows (unless
        /// `accelerating` is false, for a walk known to be linear, in a loop of its own).
        @inline(__always)
        mutating func advance(accelerating: Bool = true) {
            x &+= stepX
            y &+= stepY
            if accelerating {
                stepX &+= accelerationX
                stepY &+= accelerationY
            }
        }
    }

    let map: Homography
    let width: Int
    let height: Int

    /// The walk taking a `width`×`height` output onto `corners` of the source (top-left,
    /// top-right, bottom-right, bottom-left, in source pixels); `nil` when the output is empty
    /// or the corners are degenerate.
    init?(onto corners: [Point], width: Int, height: Int) {
        let target = [Point(x: 0, y: 0), Point(x: Double(width), y: 0),
                      Point(x: Double(width), y: Double(height)), Point(x: 0, y: Double(height))]
        guard width > 0, height > 0, let map = Homography(from: target, to: corners) else { return nil }
        self.map = map
        self.width = width
        self.height = height
    }

    /// The source position (pixels) of the continuous output point (`u`, `v`), bounded far
    /// outside any image so that the fixed-point walk cannot overflow.
    @inline(__always)
    func source(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let m = map.m
        let w = m[6] * u + m[7] * v + m[8]
        let sx = (m[0] * u + m[1] * v + m[2]) / w - 0.5, sy = (m[3] * u + m[4] * v + m[5]) / w - 0.5
        let bound = 1e7
        let x = sx.isFinite ? Swift.max(-bound, Swift.min(bound, sx)) : -bound
        let y = sy.isFinite ? Swift.max(-bound, Swift.min(bound, sy)) : -bound
        return (x, y)
    }

    /// A pixel value in fixed point.
    @inline(__always)
    static func fixed(_ value: Double) -> Int { (value * one).nearestInteger }

    /// Calls `body` for every row span: the output row, its columns and its walk. A tile's row
    /// is halved until the parabola is proved to stay within ``tolerance`` of the map (only
    /// small outputs in strong perspective need that); spans of three columns or fewer are exact
    /// at every column. The spans of a row's tiles are set up eight at a time in vector lanes
    /// (``laneSpans(starts:stops:lanes:v:)``); a tile whose row needs halving is set up again here.
    @inline(__always)
    func forEachSpan(_ body: (_ row: Int, _ columns: Range<Int>, _ span: Span) -> Void) {
        let tilesAcross = (width + Self.tileWidth - 1) / Self.tileWidth
        // The walks of a band of rows, eight lanes a row, and which are proved.
        let walks = UnsafeMutablePointer<LaneWalks>.allocate(capacity: Self.tile)
        defer { walks.deallocate() }
        var proved = [UInt8](repeating: 0, count: Self.tile)
        for tileY in stride(from: 0, to: height, by: Self.tile) {
            let rows = Swift.min(height, tileY + Self.tile) - tileY
            for group in stride(from: 0, to: tilesAcross, by: 8) {
                let lanes = Swift.min(8, tilesAcross - group)
                var starts = SIMD8<Double>(), stops = SIMD8<Double>()
                for lane in 0..<8 {
                    // Lanes past the last tile repeat it (and are not used).
                    let tileX = (group + Swift.min(lane, lanes - 1)) * Self.tileWidth
                    starts[lane] = Double(tileX)
                    stops[lane] = Double(Swift.min(width, tileX + Self.tileWidth))
                }
                for r in 0..<rows {
                    proved[r] = laneSpans(starts: starts, stops: stops, lanes: lanes, v: Double(tileY + r) + 0.5, into: walks + r)
                }
                for lane in 0..<lanes {
                    let tileX = (group + lane) * Self.tileWidth
                    let end = Swift.min(width, tileX + Self.tileWidth)
                    for r in 0..<rows {
                        let row = tileY + r
                        if proved[r] & (1 << lane) != 0 {
                            body(row, tileX..<end, walks[r][lane])
                            continue
                        }
                        let v = Double(row) + 0.5
                        var start = tileX
                        while start < end {
                            var stop = end
                            var span = self.span(from: start, to: stop, v: v)
                            while stop - start > 3, !span.proved {
                                stop = (start + stop + 1) / 2
                                span = self.span(from: start, to: stop, v: v)
                            }
                            body(row, start..<stop, span.walk)
                            start = stop
                        }
                    }
                }
            }
        }
    }

    /// The walk of row `v` from column `start` to `stop` (exclusive), and whether its parabola
    /// is proved to stay within ``tolerance`` of the map.
    @inline(__always)
    func span(from start: Int, to stop: Int, v: Double) -> (walk: Span, proved: Bool) {
        let u0 = Double(start) + 0.5, n = Double(stop - 1 - start)
        let first = source(u0, v)
        guard stop - start > 1 else {
            let x = Self.fixed(first.x), y = Self.fixed(first.y)
            return (Span(x: x, y: y, stepX: 0, stepY: 0, accelerationX: 0, accelerationY: 0, lastX: x, lastY: y), true)
        }
        let last = source(u0 + n, v)
        // Far outside any image the positions are clamped (see `source`), which bends the walk.
        let bound = 1e6
        let unclamped = abs(first.x) < bound && abs(first.y) < bound && abs(last.x) < bound && abs(last.y) < bound
        // x(t) = x₀ + a·t + b·t²; the first step is a + b, and each step grows by 2b. A chord close
        // enough already (no perspective along the row, as in a turn) has b = 0 and needs no middle;
        // otherwise the parabola goes through t = 0, n/2 and n.
        var ax = (last.x - first.x) / n, ay = (last.y - first.y) / n, bx = 0.0, by = 0.0
        // The row's terms, shared by both proofs.
        let terms = rowTerms(from: u0, to: u0 + n, v: v)
        var proved = unclamped && isNearlyLinear(terms, from: u0, to: u0 + n)
        if !proved {
            let middle = source(u0 + n / 2, v)
            bx = 2 * (last.x - 2 * middle.x + first.x) / (n * n)
            by = 2 * (last.y - 2 * middle.y + first.y) / (n * n)
            ax -= bx * n
            ay -= by * n
            proved = unclamped && abs(middle.x) < bound && abs(middle.y) < bound && isNearlyQuadratic(terms, from: u0, to: u0 + n)
        }
        let walk = Span(x: Self.fixed(first.x), y: Self.fixed(first.y), stepX: Self.fixed(ax + bx), stepY: Self.fixed(ay + by),
                        accelerationX: Self.fixed(2 * bx), accelerationY: Self.fixed(2 * by),
                        lastX: Self.fixed(last.x), lastY: Self.fixed(last.y))
        return (walk, proved)
    }

    /// Along row `v` each source coordinate is (a + b·u) / (c + d·u): the larger of the two
    /// |a·d − b·c|, `d`, and the least |c + d·u| between `u0` and `u1` (at an end, the
    /// denominator being linear); `nil` when the denominator changes sign between them.
    @inline(__always)
    func rowTerms(from u0: Double, to u1: Double, v: Double) -> (k: Double, d: Double, least: Double)? {
        let m = map.m
        let c = m[7] * v + m[8], d = m[6]
        let w0 = c + d * u0, w1 = c + d * u1
        guard w0 * w1 > 0 else { return nil }
        let kx = abs((m[1] * v + m[2]) * d - m[0] * c), ky = abs((m[4] * v + m[5]) * d - m[3] * c)
        return (Swift.max(kx, ky), d, Swift.min(abs(w0), abs(w1)))
    }

    /// Whether the chord of the map from `u0` to `u1` along a row stays within ``tolerance`` of it,
    /// from the row's ``rowTerms(from:to:v:)``.
    ///
    /// Each coordinate's second derivative is 2·d·(a·d − b·c) / (c + d·u)³; a chord strays from
    /// the curve by at most an eighth of the span squared times its largest value.
    @inline(__always)
    func isNearlyLinear(_ terms: (k: Double, d: Double, least: Double)?, from u0: Double, to u1: Double) -> Bool {
        guard let (k, d, least) = terms else { return false }
        let n = u1 - u0
        return 2 * abs(d) * k * n * n / 8 <= Self.tolerance * least * least * least
    }

    /// Whether the parabola through the map's positions at `u0`, `u1` and their middle along a
    /// row stays within ``tolerance`` of the map between them, from the row's ``rowTerms(from:to:v:)``.
    ///
    /// Each coordinate's third derivative is −6·d²·(a·d − b·c) / (c + d·u)⁴; a parabola through
    /// three points h apart strays from the curve by at most 0.385·h³/6 times its largest value.
    /// Fixed-point rounding adds under a millionth of a pixel.
    @inline(__always)
    func isNearlyQuadratic(_ terms: (k: Double, d: Double, least: Double)?, from u0: Double, to u1: Double) -> Bool {
        guard let (k, d, least) = terms else { return false }
        let h = (u1 - u0) / 2
        let deviation = 6 * d * d * k * 0.3849 * h * h * h / 6
        let least2 = least * least
        return deviation <= Self.tolerance * least2 * least2
    }

    /// Whether every position of a span of `count` columns lies in `0..<limitX` × `0..<limitY`
    /// (fixed point): with the limits at the image's last column and row, all four bilinear taps
    /// of every pixel are then inside the image. Along a row the map is monotone in each
    /// coordinate, so the walk stays between its ends, give or take the tolerance.
    @inline(__always)
    static func isInterior(_ span: Span, limitX: Int, limitY: Int) -> Bool {
        Swift.min(span.x, span.lastX) >= margin && Swift.max(span.x, span.lastX) < limitX &- margin
            && Swift.min(span.y, span.lastY) >= margin && Swift.max(span.y, span.lastY) < limitY &- margin
    }
}
