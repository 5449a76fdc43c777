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
                        while stop - start > 2 {
                            let middle = (start + stop - 1) / 2, t = middle - start, n = stop - 1 - start
                            let exact = source(Double(middle) + 0.5, v)
                            let guessX = first.x + (last.x - first.x) * t / n, guessY = first.y + (last.y - first.y) * t / n
                            if abs(exact.x - guessX) + abs(exact.y - guessY) <= Self.tolerance { break }
                            stop = middle + 1
                            last = exact
                        }
                        let span = stop - start
                        let stepX = span > 1 ? (last.x - first.x) / (span - 1) : 0
                        let stepY = span > 1 ? (last.y - first.y) / (span - 1) : 0
                        body(row, start..<stop, first.x, first.y, stepX, stepY)
                        start = stop
                    }
                }
            }
        }
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
