extension SIMD8 where Scalar == Double {
    /// Each lane rounded down to an integer (`Int(rounded(.down))`), for lanes under 2⁵¹ in size:
    /// adding 1.5·2⁵² rounds a lane to an integer in the sum's last bits (to the nearest, ties
    /// to even), and one is taken off where that rounded up. No range checks, all lanes at once.
    @inline(__always)
    var floorIntegers: SIMD8<Int64> {
        let magic = SIMD8<Double>(repeating: 6_755_399_441_055_744.0)  // 1.5·2⁵²
        let nearest = (self + magic) - magic
        let floor = nearest.replacing(with: nearest - 1, where: nearest .> self)
        return unsafeBitCast(floor + magic, to: SIMD8<Int64>.self) &- unsafeBitCast(magic, to: SIMD8<Int64>.self)
    }

    /// Each lane rounded towards zero (`Int(self)`), for lanes under 2⁵¹ in size.
    @inline(__always)
    var truncatedIntegers: SIMD8<Int64> {
        let magic = SIMD8<Double>(repeating: 6_755_399_441_055_744.0)
        let nearest = (self + magic) - magic
        var whole = nearest.replacing(with: nearest - 1, where: nearest .> self)
        // A negative lane with a fraction rounds up to its integer instead.
        whole = whole.replacing(with: whole + 1, where: (self .< 0) .& (whole .!= self))
        return unsafeBitCast(whole + magic, to: SIMD8<Int64>.self) &- unsafeBitCast(magic, to: SIMD8<Int64>.self)
    }
}

extension EdgeMap.Probe {
    /// ``polarities(x:y:nx:ny:)`` of eight points at once (0 or 1 per lane), where `probed`; the
    /// other lanes read nothing and are 0. The same arithmetic as one point at a time, lane by
    /// lane; only the loads are made one by one.
    @inline(__always)
    func polarities(x px: SIMD8<Double>, y py: SIMD8<Double>, nx: Double, ny: Double,
                    probed: SIMDMask<SIMD8<Int64>>) -> (along: SIMDMask<SIMD8<Int64>>, against: SIMDMask<SIMD8<Int64>>) {
        var alongMask = SIMDMask<SIMD8<Int64>>(repeating: false), againstMask = SIMDMask<SIMD8<Int64>>(repeating: false)
        let threshold = SIMD8<Double>(repeating: Double(threshold2))
        for offset in [-1.0, 0, 1] {
            let across: Double = ny * offset, along: Double = nx * offset
            let row: SIMD8<Int64> = (py + across + 0.5).floorIntegers
            let column: SIMD8<Int64> = (px + along + 0.5).floorIntegers
            let index = (row &* Int64(width) &+ column).replacing(with: 0, where: .!probed)
            var m2v = SIMD8<Int32>(), gxv = SIMD8<Int32>(), gyv = SIMD8<Int32>()
            for lane in 0..<8 {
                let i = Int(truncatingIfNeeded: index[lane])
                m2v[lane] = m2[i]
                gxv[lane] = Int32(gx[i])
                gyv[lane] = Int32(gy[i])
            }
            let m2d = SIMD8<Double>(m2v)
            let dot: SIMD8<Double> = SIMD8<Double>(gxv) * nx + SIMD8<Double>(gyv) * ny
            let strong: SIMDMask<SIMD8<Int64>> = m2d .>= threshold
            let square: SIMD8<Double> = dot * dot, share: SIMD8<Double> = 0.8649 * m2d
            let aligned = probed .& strong .& (square .> share)
            let rising: SIMDMask<SIMD8<Int64>> = dot .> 0
            alongMask = alongMask .| (aligned .& rising)
            againstMask = againstMask .| (aligned .& .!rising)
        }
        return (alongMask, againstMask)
    }
}

extension LineProfile {
    /// The evidence of eight samples at once (see `init(line:edges:appendingTo:)`), per lane:
    /// whether the sample lies inside (then probed), has an edge of the line's polarity, has one
    /// of the other polarity only, has both band sides in the frame, and the brightness at them
    /// (0 where not). Lane by lane the same arithmetic as the one-sample loop.
    struct LaneSamples {
        var inside: SIMD8<Int32>
        var hits: SIMD8<Int32>
        var reversed: SIMD8<Int32>
        var band: SIMD8<Int32>
        var plus: SIMD8<Int32>
        var minus: SIMD8<Int32>
    }

    /// Samples `k0` … `k0` + 7 of a line through (`ox`, `oy`) along (−`s`, `c`).
    @inline(__always)
    static func laneSamples(from k0: Int, lo: Double, ox: Double, oy: Double, c: Double, s: Double,
                            probe: EdgeMap.Probe, gray: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int) -> LaneSamples {
        let maxX = Double(w - 2), maxY = Double(h - 2)
        let k = SIMD8<Double>(0, 1, 2, 3, 4, 5, 6, 7) + Double(k0)
        let t = lo + k * spacing
        let px = ox - t * s, py = oy + t * c
        let inside = (px .>= 2) .& (py .>= 2) .& (px .< maxX) .& (py .< maxY)
        let (along, against) = probe.polarities(x: px, y: py, nx: c, ny: s, probed: inside)
        let ix = (px + 3 * c).truncatedIntegers, iy = (py + 3 * s).truncatedIntegers
        let jx = (px - 3 * c).truncatedIntegers, jy = (py - 3 * s).truncatedIntegers
        let zero = SIMD8<Int64>(), wide = SIMD8<Int64>(repeating: Int64(w)), tall = SIMD8<Int64>(repeating: Int64(h))
        let band = (ix .>= zero) .& (iy .>= zero) .& (ix .< wide) .& (iy .< tall)
            .& (jx .>= zero) .& (jy .>= zero) .& (jx .< wide) .& (jy .< tall)
        let plusIndex = (iy &* Int64(w) &+ ix).replacing(with: 0, where: .!band)
        let minusIndex = (jy &* Int64(w) &+ jx).replacing(with: 0, where: .!band)
        var plus = SIMD8<Int32>(), minus = SIMD8<Int32>()
        for lane in 0..<8 {
            plus[lane] = Int32(gray[Int(truncatingIfNeeded: plusIndex[lane])])
            minus[lane] = Int32(gray[Int(truncatingIfNeeded: minusIndex[lane])])
        }
        let one = SIMD8<Int32>(repeating: 1), none = SIMD8<Int32>()
        @inline(__always) func counts(_ mask: SIMDMask<SIMD8<Int64>>) -> SIMD8<Int32> {
            SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int64>(repeating: 1).replacing(with: 0, where: .!mask))
        }
        let bandCounts = counts(band)
        let bandMask = bandCounts .== one
        return LaneSamples(inside: counts(inside), hits: counts(along), reversed: counts(against .& .!along),
                           band: bandCounts, plus: plus.replacing(with: none, where: .!bandMask),
                           minus: minus.replacing(with: none, where: .!bandMask))
    }
}
