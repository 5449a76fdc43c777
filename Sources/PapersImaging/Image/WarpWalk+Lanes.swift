extension WarpWalk {
    /// The spans of output row `v` (a pixel centre) over up to eight neighbouring tiles, set up
    /// together in vector lanes: the tiles start at columns `starts[k]` and end (exclusive) at
    /// `stops[k]`, for the first `lanes` of eight. The arithmetic is that of
    /// ``span(from:to:v:)``, operation for operation, so each lane's doubles are those of the
    /// scalar setup and its walk the same integers. Each lane whose parabola (or chord) is proved
    /// at its tile's full width has its walk written to `walks[k]` and bit k set in the result;
    /// the others are set up again one span at a time (halved as ``forEachSpan(_:)`` halves).
    ///
    /// A span's setup is a short chain of divisions and products; a frame's measure warp has
    /// some 2,600 of them, and set up one by one they took a third of its time.
    @inline(__always)
    func laneSpans(starts: SIMD8<Double>, stops: SIMD8<Double>, lanes: Int, v: Double, into walks: UnsafeMutablePointer<Span>) -> UInt8 {
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
        let bxs = bx.replacing(with: 0, where: linear), bys = by.replacing(with: 0, where: linear)
        var proved: UInt8 = 0
        for lane in 0..<lanes {
            // A tile of one column has no parabola; it is set up on its own.
            guard n[lane] > 0, linear[lane] || quadratic[lane] else { continue }
            proved |= 1 << lane
            walks[lane] = Span(x: Self.fixed(first.x[lane]), y: Self.fixed(first.y[lane]),
                               stepX: Self.fixed(ax[lane] + bxs[lane]), stepY: Self.fixed(ay[lane] + bys[lane]),
                               accelerationX: Self.fixed(2 * bxs[lane]), accelerationY: Self.fixed(2 * bys[lane]),
                               lastX: Self.fixed(last.x[lane]), lastY: Self.fixed(last.y[lane]))
        }
        return proved
    }
}
