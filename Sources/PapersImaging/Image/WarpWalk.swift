/// The output pixels of a perspective warp, walked in tiles of ``tile``×``tile``: for each row of
/// a tile, the source position of its first pixel and the step to the next, in 16.16 fixed point.
///
/// Along a tile's row the source position is exact at both ends and linear between (for a
/// document in an ordinary perspective the curvature over 32 pixels is a few hundredths of a
/// pixel; shorter spans are taken where it is more), so the inner loops of the warps add two
/// integers per pixel instead of dividing; tiles keep the source reads of a turned document in
/// cache. Positions are the continuous map of output pixel centres less
/// half a pixel (pixel `i` covers `i…i+1`), unclamped: each warp decides what lies outside.
struct WarpWalk {
    /// The side of a tile, in output pixels.
    static let tile = 32
    /// One fixed-point unit.
    static let one = 65536.0

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

    /// The source position of the continuous output point (`u`, `v`), in fixed point, bounded
    /// far outside any image so that it cannot overflow.
    @inline(__always)
    func source(_ u: Double, _ v: Double) -> (x: Int, y: Int) {
        let m = map.m
        let w = m[6] * u + m[7] * v + m[8]
        let sx = (m[0] * u + m[1] * v + m[2]) / w - 0.5, sy = (m[3] * u + m[4] * v + m[5]) / w - 0.5
        let bound = 1e7
        let x = sx.isFinite ? Swift.max(-bound, Swift.min(bound, sx)) : -bound
        let y = sy.isFinite ? Swift.max(-bound, Swift.min(bound, sy)) : -bound
        return (Int(x * Self.one), Int(y * Self.one))
    }

    /// How far (fixed point, both axes summed) the linear walk along a span may stray from the
    /// exact source position at the span's middle: 1/64 of a pixel.
    static let tolerance = 1024

    /// Calls `body` for every row span: the output row, its columns, the fixed-point source
    /// position of the first column and the step per column. A tile's row is cut in halves until
    /// the linear walk stays within ``tolerance`` of the exact map at its middle (only small
    /// outputs in strong perspective need that).
    @inline(__always)
    func forEachSpan(_ body: (_ row: Int, _ columns: Range<Int>, _ x: Int, _ y: Int, _ stepX: Int, _ stepY: Int) -> Void) {
        for tileY in stride(from: 0, to: height, by: Self.tile) {
            for tileX in stride(from: 0, to: width, by: Self.tile) {
                let end = Swift.min(width, tileX + Self.tile)
                for row in tileY..<Swift.min(height, tileY + Self.tile) {
                    let v = Double(row) + 0.5
                    var start = tileX
                    while start < end {
                        var stop = end
                        let first = source(Double(start) + 0.5, v)
                        var last = source(Double(stop) - 0.5, v)
                        while stop - start > 2,
                              !isNearlyLinear(from: Double(start) + 0.5, to: Double(stop) - 0.5, v: v, first: first, last: last) {
                            let middle = (start + stop - 1) / 2, t = middle - start, n = stop - 1 - start
                            let exact = source(Double(middle) + 0.5, v)
                            let guessX = first.x + (last.x - first.x) * t / n, guessY = first.y + (last.y - first.y) * t / n
                            if abs(exact.x - guessX) + abs(exact.y - guessY) <= Self.tolerance { break }
                            stop = middle + 1
                            last = exact
                        }
                        let span = stop - start
                        // A whole tile's row divides by a constant: a multiplication, not a division.
                        let stepX = span == Self.tile ? (last.x - first.x) / (Self.tile - 1) : span > 1 ? (last.x - first.x) / (span - 1) : 0
                        let stepY = span == Self.tile ? (last.y - first.y) / (Self.tile - 1) : span > 1 ? (last.y - first.y) / (span - 1) : 0
                        body(row, start..<stop, first.x, first.y, stepX, stepY)
                        start = stop
                    }
                }
            }
        }
    }

    /// Whether the map along row `v` from `u0` to `u1` (source positions `first` and `last`, in
    /// fixed point) is so nearly straight that the walk's
    /// check at the middle (see ``forEachSpan(_:)``) would pass, proved without making it.
    ///
    /// Along a row each source coordinate is (a + b·u) / (c + d·u), whose second derivative is
    /// 2·d·(b·c − a·d) / (c + d·u)³; a chord strays from the curve by at most an eighth of the
    /// span squared times its largest value, taken where |c + d·u| is least (an end, the
    /// denominator being linear and of one sign). The walk's fixed-point rounding adds at most
    /// three units per coordinate, well inside the margin left to ``tolerance``.
    @inline(__always)
    func isNearlyLinear(from u0: Double, to u1: Double, v: Double, first: (x: Int, y: Int), last: (x: Int, y: Int)) -> Bool {
        let m = map.m
        let c = m[7] * v + m[8], d = m[6]
        let w0 = c + d * u0, w1 = c + d * u1
        guard w0 * w1 > 0 else { return false }
        let least = Swift.min(abs(w0), abs(w1))
        let kx = abs(m[0] * c - (m[1] * v + m[2]) * d), ky = abs(m[3] * c - (m[4] * v + m[5]) * d)
        let n = u1 - u0
        // Both coordinates' deviations, in fixed-point units, against the tolerance less 24 units.
        let deviation = 2 * abs(d) * (kx + ky) * n * n / 8 * Self.one
        guard deviation <= Double(Self.tolerance - 24) * least * least * least else { return false }
        // Far outside any image the positions are clamped (see `source`), which bends the walk;
        // between two unclamped ends (the denominator of one sign) none is.
        let bound = Int(1e6 * Self.one)
        return abs(first.x) < bound && abs(first.y) < bound && abs(last.x) < bound && abs(last.y) < bound
    }

    /// Whether every position of a span (`count` columns from `x`, `y` by `stepX`, `stepY`, fixed
    /// point) lies in `0..<limitX` × `0..<limitY`: with the limits at the image's last column and
    /// row, all four bilinear taps of every pixel are then inside the image. The walk is linear,
    /// so its ends tell.
    @inline(__always)
    static func isInterior(x: Int, y: Int, stepX: Int, stepY: Int, count: Int, limitX: Int, limitY: Int) -> Bool {
        let n = count - 1
        let endX = x &+ stepX &* n, endY = y &+ stepY &* n
        return Swift.min(x, endX) >= 0 && Swift.max(x, endX) < limitX && Swift.min(y, endY) >= 0 && Swift.max(y, endY) < limitY
    }
}
