extension WarpWalk {
    /// The spans of output row `v` (a pixel centre) over up to eight neighbouring tiles, set up
    /// together in vector lanes: the tiles start at columns `starts[k]` and end (exclusive) at
    /// `stops[k]`, for the first `lanes` of eight. The arithmetic is that of
    /// ``span(from:to:v:)``, operation for operation, so each lane's doubles are those of the
    /// scalar setup and its walk the same integers. Each lane whose parabola (or chord) is proved
    /// at its tile's full width has its walk in lane k of `walks` and bit k set in the result;
    /// the others are set up again one span at a time (halved as ``forEachSpan(_:)`` halves).
    ///
    /// A span's setup is a short chain of divisions and products; a frame's measure warp has
    /// some 2,600 of them, and set up one by one they took a third of its time.
    @inline(__always)
    func laneSpans(starts: SIMD8<Double>, stops: SIMD8<Double>, lanes: Int, v: Double, into walks: UnsafeMutablePointer<LaneWalks>) -> UInt8 {
        let m = map.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let m7v = m7 * v, m1v = m1 * v, m4v = m4 * v
        let bound = SIMD8<Double>(repeating: 1e7), lowest = SIMD8<Double>(repeating: -1e7)
        /// ``source(_:_:)`` in lanes.
        @inline(__always) func source(_ u: SIMD8<Double>) -> (x: SIMD8<Double>, y: SIMD8<Double>) {
            let w = m6 * u + m7v + m8
            let sx = (m0 * u + m1v + m2) / w - 0.5, sy = (m3 * u + m4v + m5) / w - 0.5
            @inline(__always) func clamped(_ s: SIMD8<Double>) -> SIMD8<Double> {
                // Swift.max(−bound, Swift.min(bound, s)) for finite s; −bound otherwise.
                let finite = (s - s) .== 0
                let under = s.replacing(with: bound, where: .!(s .< bound))
                let over = under.replacing(with: lowest, where: .!(under .>= lowest))
                return over.replacing(with: lowest, where: .!finite)
            }
            return (clamped(sx), clamped(sy))
        }
        let u0 = starts + 0.5, n = stops - 1 - starts
        let u1 = u0 + n
        let first = source(u0), last = source(u1)
        let limit = SIMD8<Double>(repeating: 1e6), negativeLimit = SIMD8<Double>(repeating: -1e6)
        @inline(__always) func small(_ s: SIMD8<Double>) -> SIMDMask<SIMD8<Int64>> { (s .< limit) .& (s .> negativeLimit) }
        let unclamped = small(first.x) .& small(first.y) .& small(last.x) .& small(last.y)
        var ax = (last.x - first.x) / n, ay = (last.y - first.y) / n
        // The row's terms (``rowTerms(from:to:v:)``): c and the numerators' k are the row's own.
        let c = m7v + m8, d = m6
        let w0 = c + d * u0, w1 = c + d * u1
        let valid = w0 * w1 .> 0
        let k = Swift.max(abs((m1v + m2) * d - m0 * c), abs((m4v + m5) * d - m3 * c))
        let a0 = w0.replacing(with: -w0, where: w0 .< 0), a1 = w1.replacing(with: -w1, where: w1 .< 0)
        let least = a0.replacing(with: a1, where: a1 .< a0)
        let span = u1 - u0
        // ``isNearlyLinear``: 2·|d|·k·n²/8 ≤ tolerance·least³.
        let linear = unclamped .& valid .& (2 * abs(d) * k * span * span / 8 .<= Self.tolerance * least * least * least)
        // The parabola through the middle, for the lanes whose chord is not close enough.
        let middle = source(u0 + n / 2)
        let bx = 2 * (last.x - 2 * middle.x + first.x) / (n * n), by = 2 * (last.y - 2 * middle.y + first.y) / (n * n)
        let h = span / 2
        let least2 = least * least
        // ``isNearlyQuadratic``: 6·d²·k·0.3849·h³/6 ≤ tolerance·least⁴.
        let quadratic = unclamped .& small(middle.x) .& small(middle.y) .& valid
            .& (6 * d * d * k * 0.3849 * h * h * h / 6 .<= Self.tolerance * least2 * least2)
        ax = ax.replacing(with: ax - bx * n, where: .!linear)
        ay = ay.replacing(with: ay - by * n, where: .!linear)
        // A tile of one column has no parabola; it is set up on its own.
        let provedLanes = (n .> 0) .& (linear .| quadratic)
        let bit = SIMD8<Int64>(1, 2, 4, 8, 16, 32, 64, 128)
        let proved = UInt8(truncatingIfNeeded: Int(bit.replacing(with: 0, where: .!provedLanes).wrappedSum()) & ((1 << lanes) - 1))
        guard proved != 0 else { return 0 }
        let bxs = bx.replacing(with: 0, where: linear), bys = by.replacing(with: 0, where: linear)
        walks.pointee = LaneWalks(
            x: Self.fixedLanes(first.x), y: Self.fixedLanes(first.y),
            stepX: Self.fixedLanes(ax + bxs), stepY: Self.fixedLanes(ay + bys),
            accelerationX: Self.fixedLanes(2 * bxs), accelerationY: Self.fixedLanes(2 * bys),
            lastX: Self.fixedLanes(last.x), lastY: Self.fixedLanes(last.y))
        return proved
    }

    /// The walks of eight lanes, field by field (``Span``'s integers, one lane each).
    struct LaneWalks {
        var x, y, stepX, stepY, accelerationX, accelerationY, lastX, lastY: SIMD8<Int>

        /// Lane `lane`'s walk.
        @inline(__always)
        subscript(lane: Int) -> Span {
            Span(x: x[lane], y: y[lane], stepX: stepX[lane], stepY: stepY[lane], accelerationX: accelerationX[lane],
                 accelerationY: accelerationY[lane], lastX: lastX[lane], lastY: lastY[lane])
        }
    }

    /// ``fixed(_:)`` in lanes: each value times 2³², to the nearest integer, halves away from zero,
    /// the same integers for values under 2³¹ pixels in size (positions are bounded by 10⁷).
    ///
    /// The product is split into a whole number of 2³² units (rounded down) and the rest, in
    /// 0 ..< 2³², both exact; each is then rounded by adding 1.5·2⁵² (the sum's last bits are the
    /// integer, ties to even), the rest's ties moved away from zero, and the two put together.
    @inline(__always)
    static func fixedLanes(_ values: SIMD8<Double>) -> SIMD8<Int> {
        let x = values * one
        let units = (x * (1 / one)).rounded(.down)
        let rest = x - units * one
        let magic = SIMD8<Double>(repeating: 6_755_399_441_055_744.0)  // 1.5·2⁵²
        var nearest = (rest + magic) - magic
        // A tie went to the even neighbour: away from zero instead.
        let tie = rest - nearest
        nearest = nearest.replacing(with: nearest + 1, where: (tie .== 0.5) .& (x .>= 0))
        nearest = nearest.replacing(with: nearest - 1, where: (tie .== -0.5) .& (x .< 0))
        let magicBits = unsafeBitCast(magic, to: SIMD8<Int>.self)
        let whole = unsafeBitCast(units + magic, to: SIMD8<Int>.self) &- magicBits
        let part = unsafeBitCast(nearest + magic, to: SIMD8<Int>.self) &- magicBits
        return whole &<< 32 &+ part
    }
}
