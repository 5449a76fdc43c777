/// Thin edges of a gray image: a 3×3 binomial blur, Sobel gradients and non-maximum suppression,
/// in integer arithmetic (a step of one gray level gives a gradient of 16).
struct EdgeMap: Sendable {
    /// One edge pixel.
    struct Edge: Sendable {
        var x: Int32
        var y: Int32
        /// The gradient direction in radians, (-π, π].
        var angle: Float
        /// The gradient magnitude (×16 scale).
        var magnitude: Float
    }

    let width: Int
    let height: Int
    /// Gradient x and y components of every pixel (×16 scale; 0 on the border).
    let gx: [Int16]
    let gy: [Int16]
    /// Squared gradient magnitude of every pixel.
    let magnitude2: [Int32]
    /// The pixels kept as edges, in row order (and column order within a row).
    let edges: [Edge]
    /// Where each row's edges begin in ``edges``: row y's are `rowStarts[y]..<rowStarts[y + 1]`
    /// (`height + 1` entries).
    let rowStarts: [Int]
    /// The magnitude threshold used (×16 scale).
    let threshold: Float
    /// The gray image the edges come from (packed rows).
    let source: [UInt8]

    /// A squared magnitude under this is below ``threshold`` for certain, its root included (a
    /// thousandth of margin covers the single-precision root's rounding): line samplers test it
    /// before taking the root of ``magnitude2``.
    var surelyWeak: Int32 { Int32(min(Double(Int32.max), Double(threshold) * Double(threshold) * 0.999)) }

    /// The gradient magnitude at a pixel index.
    @inline(__always) func magnitude(at index: Int) -> Float { Float(magnitude2[index]).squareRoot() }

    init(_ image: Image, minimumThreshold: Float = 14 * 4) {
        let w = image.width, h = image.height
        width = w
        height = h
        // The Sobel rows write every pixel inside the border; only the border is zeroed here.
        var gxs = Self.borderZeroed(Int16.self, width: w, height: h)
        var gys = Self.borderZeroed(Int16.self, width: w, height: h)
        var mags = Self.borderZeroed(Int32.self, width: w, height: h)
        // The 3×3 binomial blur is separable; its rows live in rings of three (horizontal sums, then
        // blurred rows), just ahead of the Sobel row that reads them, instead of two whole images.
        // One allocation holds both rings: horizontal sums (3 rows), then blurred rows (3).
        let rings = UnsafeMutablePointer<UInt16>.allocate(capacity: 6 * w)
        rings.initialize(repeating: 0, count: 6 * w)
        defer { rings.deallocate() }
        image.withUnsafeRows { rows in
            UnsafeBuffers.with(&gxs, &gys, &mags) { gxBuffer, gyBuffer, mBuffer in
                guard let gxp = gxBuffer.baseAddress, let gyp = gyBuffer.baseAddress,
                      let m = mBuffer.baseAddress, w >= 3, h >= 3 else { return }
                let t = rings, b = rings + 3 * w
                func blurRow(_ y: Int) {
                    Self.blurRow(up: t + (max(0, y - 1) % 3) * w, mid: t + (y % 3) * w,
                                 down: t + (min(h - 1, y + 1) % 3) * w, into: b + (y % 3) * w, count: w)
                }
                func sobelRow(_ y: Int) {
                    Self.sobelRow(up: b + ((y - 1) % 3) * w, mid: b + (y % 3) * w, down: b + ((y + 1) % 3) * w,
                                  gx: gxp + y * w, gy: gyp + y * w, magnitude2: m + y * w, count: w)
                }
                for y in 0..<h {
                    let row = rows[y], out = t + (y % 3) * w
                    Self.horizontalRow(row, into: out, count: w)
                    // Horizontal row y completes blurred row y − 1, which completes Sobel row y − 2.
                    if y >= 1 { blurRow(y - 1) }
                    if y >= 3 { sobelRow(y - 2) }
                }
                blurRow(h - 1)
                sobelRow(h - 2)
            }
        }
        // Threshold: a fraction of the strong gradients, never below the noise floor. The 98th
        // percentile of the magnitude over every 16th pixel, from a histogram of whole units.
        var histogram = [Int32](repeating: 0, count: 6000)
        var sampled = 0
        mags.withUnsafeBufferPointer { m in
            var i = 0
            while i < m.count {
                if m[i] > 0 {
                    histogram[min(5999, Int(Float(m[i]).squareRoot()))] += 1
                    sampled += 1
                }
                i += 16
            }
        }
        var p98: Float = 0
        if sampled > 0 {
            let rank = min(sampled - 1, sampled * 98 / 100)
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += Int(count)
                if seen > rank { p98 = Float(value); break }
            }
        }
        let t = max(minimumThreshold, p98 * 0.10)
        threshold = t
        let t2 = Int32(t * t)

        var found: [Edge] = []
        found.reserveCapacity(w * h / 10)
        var starts = [Int](repeating: 0, count: h + 1)
        mags.withUnsafeBufferPointer { mBuffer in
            gxs.withUnsafeBufferPointer { gxBuffer in
                gys.withUnsafeBufferPointer { gyBuffer in
                    guard let m = mBuffer.baseAddress, let gxp = gxBuffer.baseAddress, let gyp = gyBuffer.baseAddress else { return }
                    // Which pixels are edges, a row at a time without branches (a loop the compiler
                    // vectorises); stretches of eight that hold none are then passed over at once.
                    let keep = UnsafeMutablePointer<UInt8>.allocate(capacity: w + 8)
                    keep.initialize(repeating: 0, count: w + 8)
                    defer { keep.deallocate() }
                    // A row's edge columns, gathered without a branch per pixel (whether a pixel is
                    // an edge is unpredictable); the edges are then made in a loop of their own.
                    let kept = UnsafeMutablePointer<Int32>.allocate(capacity: w + 8)
                    defer { kept.deallocate() }
                    // A row's edges are made in a buffer, then appended to `found` at once (an
                    // array's append checks its capacity and uniqueness every time).
                    let rowEdges = UnsafeMutablePointer<Edge>.allocate(capacity: w + 8)
                    defer { rowEdges.deallocate() }
                    let end = max(2, w - 2)
                    for y in 2..<max(2, h - 2) {
                        starts[y] = found.count
                        let row = y * w
                        Self.suppressRow(m + row, gx: gxp + row, gy: gyp + row, width: w, threshold: t2, columns: 2..<end, into: keep)
                        var count = 0
                        var x = 2
                        while x < end {
                            if UnsafeRawPointer(keep + x).loadUnaligned(as: UInt64.self) != 0 {
                                for k in 0..<8 {
                                    kept[count] = Int32(truncatingIfNeeded: x &+ k)
                                    count &+= Int(keep[x &+ k])
                                }
                            }
                            x &+= 8
                        }
                        // Eight edges at a time: the arctangent's polynomial and the square root
                        // in vector lanes (the same operations, so the same values, as one at a time).
                        var j = 0
                        while j &+ 8 <= count {
                            var xs = SIMD8<Float>(), ys = SIMD8<Float>(), ms = SIMD8<Float>()
                            for lane in 0..<8 {
                                let i = row &+ Int(kept[j &+ lane])
                                xs[lane] = Float(gxp[i])
                                ys[lane] = Float(gyp[i])
                                ms[lane] = Float(m[i])
                            }
                            let angles = fastAtan2(ys, xs), magnitudes = ms.squareRoot()
                            for lane in 0..<8 {
                                rowEdges[j &+ lane] = Edge(x: kept[j &+ lane], y: Int32(y), angle: angles[lane], magnitude: magnitudes[lane])
                            }
                            j &+= 8
                        }
                        while j < count {
                            let column = Int(kept[j])
                            let i = row + column
                            rowEdges[j] = Edge(x: Int32(column), y: Int32(y), angle: fastAtan2(Float(gyp[i]), Float(gxp[i])),
                                               magnitude: Float(m[i]).squareRoot())
                            j &+= 1
                        }
                        found.append(contentsOf: UnsafeBufferPointer(start: rowEdges, count: count))
                    }
                }
            }
        }
        // Rows past the last one searched start (and end) where the edges end.
        for y in stride(from: max(2, h - 2), through: h, by: 1) { starts[y] = found.count }
        edges = found
        rowStarts = starts
        source = image.packed.pixels
        gx = gxs
        gy = gys
        magnitude2 = mags
    }
}

extension EdgeMap {
    /// An image of `width` × `height` integers whose border (first and last row and column) is
    /// 0 and whose inside is left for the caller to write; all 0 when it has no inside.
    static func borderZeroed<T: FixedWidthInteger>(_: T.Type, width w: Int, height h: Int) -> [T] {
        [T](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            initialized = w * h
            guard let p = buffer.baseAddress else { return }
            guard w >= 3, h >= 3 else {
                p.initialize(repeating: 0, count: w * h)
                return
            }
            p.initialize(repeating: 0, count: w)
            (p + (h - 1) * w).initialize(repeating: 0, count: w)
            for y in 1..<(h - 1) {
                p[y * w] = 0
                p[y * w + w - 1] = 0
            }
        }
    }

    // The blur and Sobel rows, each a loop of its own so that the compiler vectorises it.

    /// Non-maximum suppression of one row (`m`, `gx`, `gy` at its start; the rows above and below
    /// `width` away): 1 in `keep` where the squared magnitude reaches `threshold` and is a maximum
    /// along the gradient, quantised to four directions (tan 22.5° ≈ 53/128), else 0. Every
    /// neighbour is read and the one along the gradient selected, so the loop has no branches.
    @inline(never)
    static func suppressRow(_ m: UnsafePointer<Int32>, gx: UnsafePointer<Int16>, gy: UnsafePointer<Int16>, width w: Int,
                            threshold: Int32, columns: Range<Int>, into keep: UnsafeMutablePointer<UInt8>) {
        for x in columns {
            let v = m[x]
            let sx = Int32(gx[x]), sy = Int32(gy[x])
            // |g| of a 16-bit gradient, which cannot overflow 32 bits.
            let ax = (sx ^ (sx >> 31)) &- (sx >> 31), ay = (sy ^ (sy >> 31)) &- (sy >> 31)
            let left = m[x &- 1], right = m[x &+ 1], up = m[x &- w], down = m[x &+ w]
            let upLeft = m[x &- w &- 1], downRight = m[x &+ w &+ 1], upRight = m[x &- w &+ 1], downLeft = m[x &+ w &- 1]
            let across = ay &* 128 < ax &* 53, along = ax &* 128 < ay &* 53, falling = (sx > 0) == (sy > 0)
            let a = across ? left : along ? up : falling ? upLeft : upRight
            let b = across ? right : along ? down : falling ? downRight : downLeft
            keep[x] = v >= threshold && v >= a && v > b ? 1 : 0
        }
    }

    /// The horizontal [1 2 1] of a row (its ends repeated).
    @inline(never)
    static func horizontalRow(_ row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt16>, count w: Int) {
        out[0] = 3 &* UInt16(row[0]) &+ UInt16(row[1])
        for x in 1..<(w - 1) { out[x] = UInt16(row[x - 1]) &+ 2 &* UInt16(row[x]) &+ UInt16(row[x + 1]) }
        out[w - 1] = 3 &* UInt16(row[w - 1]) &+ UInt16(row[w - 2])
    }

    /// The vertical [1 2 1] of three horizontal rows.
    @inline(never)
    static func blurRow(up: UnsafePointer<UInt16>, mid: UnsafePointer<UInt16>, down: UnsafePointer<UInt16>,
                        into out: UnsafeMutablePointer<UInt16>, count w: Int) {
        for x in 0..<w { out[x] = up[x] &+ 2 &* mid[x] &+ down[x] }
    }

    /// Sobel gradients of the middle of three blurred rows, and their squared magnitude.
    @inline(never)
    static func sobelRow(up: UnsafePointer<UInt16>, mid: UnsafePointer<UInt16>, down: UnsafePointer<UInt16>,
                         gx: UnsafeMutablePointer<Int16>, gy: UnsafeMutablePointer<Int16>, magnitude2 m: UnsafeMutablePointer<Int32>,
                         count w: Int) {
        for x in 1..<(w - 1) {
            // Blur is ×16; Sobel ×4 more: divide by 4 to keep gradients ×16 against gray levels.
            let sx = (Int32(up[x + 1]) &+ 2 &* Int32(mid[x + 1]) &+ Int32(down[x + 1]))
                &- (Int32(up[x - 1]) &+ 2 &* Int32(mid[x - 1]) &+ Int32(down[x - 1]))
            let sy = (Int32(down[x - 1]) &+ 2 &* Int32(down[x]) &+ Int32(down[x + 1]))
                &- (Int32(up[x - 1]) &+ 2 &* Int32(up[x]) &+ Int32(up[x + 1]))
            let ax = sx >> 2, ay = sy >> 2
            gx[x] = Int16(truncatingIfNeeded: ax)
            gy[x] = Int16(truncatingIfNeeded: ay)
            m[x] = ax &* ax &+ ay &* ay
        }
    }
}

@inline(__always) func fastAtan2(_ y: Float, _ x: Float) -> Float {
    // A polynomial arctangent (max error ≈ 0.005 rad), enough for binning orientations.
    let ax = abs(x), ay = abs(y)
    if ax == 0 && ay == 0 { return 0 }
    let a = min(ax, ay) / max(ax, ay)
    let s = a * a
    var r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a
    if ay > ax { r = 1.57079637 - r }
    if x < 0 { r = 3.14159274 - r }
    return y < 0 ? -r : r
}

/// ``fastAtan2(_:_:)`` of eight lanes at once, with the same operations in the same order (so the
/// same values) and selections in place of its branches.
@inline(__always) func fastAtan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
    // Gradients are whole numbers, never −0: negating the negative lanes is `abs`.
    let ax = x.replacing(with: -x, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
    let steep = ay .> ax
    let a = ax.replacing(with: ay, where: ay .< ax) / ax.replacing(with: ay, where: steep)
    let s = a * a
    var r = ((-0.0464964749 * s + 0.15931422) * s - 0.327622764) * s * a + a
    r.replace(with: 1.57079637 - r, where: steep)
    r.replace(with: 3.14159274 - r, where: x .< 0)
    r.replace(with: -r, where: y .< 0)
    r.replace(with: 0, where: (ax .== 0) .& (ay .== 0))
    return r
}

extension EdgeMap {
    /// Calls `body` with every edge whose row lies in `rows` (which may reach past the map) and
    /// which lies within `distance` of the line through `point` with unit normal `normal`, and
    /// with some others a pixel or so further, in raster order. Rows come from ``rowStarts``, and
    /// within a row only the columns near the line are searched (by bisection: a row's edges
    /// ascend), unless the line runs nearly along the rows, when the whole row is.
    func forEachEdge(inRows rows: ClosedRange<Double>, near point: Point, normal: (x: Double, y: Double), within distance: Double,
                     _ body: (Edge) -> Void) {
        guard rows.lowerBound.isFinite, rows.upperBound.isFinite else { return }
        let firstRow = Int(max(0, min(Double(height), rows.lowerBound.rounded(.up))))
        let lastRow = Int(max(-1, min(Double(height - 1), rows.upperBound.rounded(.down))))
        guard firstRow <= lastRow else { return }
        edges.withUnsafeBufferPointer { all in
            rowStarts.withUnsafeBufferPointer { starts in
                for y in firstRow...lastRow {
                    var k = starts[y], end = starts[y + 1]
                    if abs(normal.x) > 0.2 {
                        // Where |(x − point.x)·nx + (y − point.y)·ny| ≤ distance along this row, widened by a pixel.
                        let centre = point.x - (Double(y) - point.y) * normal.y / normal.x, reach = distance / abs(normal.x) + 1
                        let low = Int32(max(-1, min(Double(Int32.max - 1), centre - reach)))
                        let high = Int32(max(-1, min(Double(Int32.max - 1), centre + reach)))
                        var top = end
                        while k < top {
                            let middle = (k + top) / 2
                            if all[middle].x < low { k = middle + 1 } else { top = middle }
                        }
                        var stop = k
                        while stop < end, all[stop].x <= high { stop += 1 }
                        end = stop
                    }
                    while k < end {
                        body(all[k])
                        k += 1
                    }
                }
            }
        }
    }
}

extension EdgeMap {
    /// Read access to the gradients for the side tests of the quadrilateral search, which probe
    /// thousands of points per frame: no array accessor per probe.
    struct Probe {
        let m2: UnsafeBufferPointer<Int32>
        let gx: UnsafeBufferPointer<Int16>
        let gy: UnsafeBufferPointer<Int16>
        let width: Int
        let threshold2: Int32

        /// Whether an edge whose gradient points along the unit direction (`nx`, `ny`) within
        /// about 21° (cos > 0.93; `along`), or against it (`against`), lies at the pixel nearest
        /// (`x`, `y`) or one step either way along (`nx`, `ny`), as 1 or 0, without a branch: the
        /// three probes' outcomes are unpredictable. The three pixels must lie in the map
        /// (coordinates ≥ 0.5: truncating x + 0.5 then rounds).
        @inline(__always)
        func polarities(x px: Double, y py: Double, nx: Double, ny: Double) -> (along: Int32, against: Int32) {
            var along: Int32 = 0, against: Int32 = 0
            @inline(__always) func probe(_ offset: Double) {
                let index = Int(py + ny * offset + 0.5) &* width &+ Int(px + nx * offset + 0.5)
                let m2v = m2[index]
                let dot = Double(gx[index]) * nx + Double(gy[index]) * ny
                let aligned: Int32 = (m2v >= threshold2 ? 1 : 0) & (dot * dot > 0.8649 * Double(m2v) ? 1 : 0)
                along |= aligned & (dot > 0 ? 1 : 0)
                against |= aligned & (dot > 0 ? 0 : 1)
            }
            probe(-1)
            probe(0)
            probe(1)
            return (along, against)
        }
    }

    /// Calls `body` with a ``Probe`` of this map.
    @inline(__always)
    func withProbe<Result>(_ body: (Probe) -> Result) -> Result {
        magnitude2.withUnsafeBufferPointer { m2 in
            gx.withUnsafeBufferPointer { gx in
                gy.withUnsafeBufferPointer { gy in
                    body(Probe(m2: m2, gx: gx, gy: gy, width: width, threshold2: Int32(threshold * threshold)))
                }
            }
        }
    }
}
