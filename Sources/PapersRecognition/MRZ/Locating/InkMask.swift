import PapersImaging

/// Dark marks on a lighter ground: a local (adaptive) threshold of a gray image, so uneven
/// light and shadows do not hide text.
struct InkMask: Sendable {
    let width: Int
    let height: Int
    /// One byte per pixel, 1 for ink.
    var bits: [UInt8]

    /// Thresholds `gray` (packed, gray) against the mean of a `(2·radius+1)²` window: a pixel is
    /// ink when it is darker than the local mean by more than `contrast` (a fraction of the mean,
    /// at least `minimumDrop` levels).
    init(gray: Image, radius: Int, contrast: Double = usual.contrast, minimumDrop: Int = usual.minimumDrop) {
        self.init(gray: gray, integral: Self.integral(of: gray), radius: radius, contrast: contrast, minimumDrop: minimumDrop)
    }

    /// The usual `contrast` and `minimumDrop`: 12% of the local mean, and 10 levels.
    static let usual = (contrast: 0.12, minimumDrop: 10)

    /// The `contrast` and `minimumDrop` ink is judged by: ``usual``, or with `faint` half of each
    /// (6%, 5 levels) for grey, low-contrast print such as laser engraving, at the cost of more
    /// texture taken for ink.
    static func threshold(faint: Bool) -> (contrast: Double, minimumDrop: Int) {
        faint ? (usual.contrast / 2, usual.minimumDrop / 2) : usual
    }

    /// The integral image of `gray` with one row and column of zeros in front: compute it once
    /// to threshold the same image at several window sizes.
    static func integral(of gray: Image) -> [UInt32] {
        precondition(gray.format == .gray)
        let w = gray.width, h = gray.height, stride = gray.bytesPerRow
        var integral = [UInt32](repeating: 0, count: (w + 1) * (h + 1))
        gray.pixels.withUnsafeBufferPointer { source in
            integral.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let out = target.baseAddress else { return }
                for y in 0..<h {
                    // The row's running sums, then the row above added (a loop the compiler vectorises).
                    let row = src + y * stride, here = out + (y + 1) * (w + 1) + 1
                    var rowSum: UInt32 = 0
                    for x in 0..<w {
                        rowSum &+= UInt32(row[x])
                        here[x] = rowSum
                    }
                    Self.addRow(out + y * (w + 1) + 1, to: here, count: w)
                }
            }
        }
        return integral
    }

    /// Thresholds `gray` using its precomputed `integral` (see ``integral(of:)``).
    init(gray: Image, integral: [UInt32], radius: Int, contrast: Double = usual.contrast, minimumDrop: Int = usual.minimumDrop) {
        let w = gray.width, h = gray.height, stride = gray.bytesPerRow
        width = w
        height = h
        var bits = [UInt8](repeating: 0, count: w * h)
        let scale = Int((1 - contrast) * 1024)
        UnsafeBuffers.reading(gray.pixels, integral) { src, integral in
            bits.withUnsafeMutableBufferPointer { bits in
                guard let src = src.baseAddress, let integral = integral.baseAddress, let bits = bits.baseAddress else { return }
                for y in 0..<h {
                    let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
                    let top = integral + y0 * (w + 1), bottom = integral + y1 * (w + 1)
                    let row = src + y * stride, out = bits + y * w
                    // Ink when p < mean·(1 − contrast) and p < mean − drop, without dividing.
                    @inline(__always) func judge(_ x: Int, _ x0: Int, _ x1: Int) {
                        let sum = Int(bottom[x1]) &- Int(top[x1]) &- Int(bottom[x0]) &+ Int(top[x0])
                        let count = (x1 &- x0) &* (y1 &- y0), p = Int(row[x])
                        out[x] = p &* count &* 1024 < sum &* scale && (p &+ minimumDrop) &* count < sum ? 1 : 0
                    }
                    // The window is clipped near the left and right edges only.
                    let inner = min(radius, w), outer = max(inner, w - radius - 1)
                    for x in 0..<inner { judge(x, max(0, x - radius), min(w, x + radius + 1)) }
                    let area = (2 &* radius &+ 1) &* (y1 &- y0)
                    if area <= Self.largestNarrowWindow {
                        Self.judgeInterior(row, top: top, bottom: bottom, radius: radius, area: Int32(area),
                                           scale: Int32(scale), drop: Int32(minimumDrop), columns: inner..<outer, into: out)
                    } else {
                        for x in inner..<outer { judge(x, x &- radius, x &+ radius &+ 1) }
                    }
                    for x in outer..<w { judge(x, max(0, x - radius), min(w, x + radius + 1)) }
                }
            }
        }
        self.bits = bits
    }

    /// The largest window whose sums and products fit 32 bits (255 · area · 1024 < 2³¹).
    static let largestNarrowWindow = Int(Int32.max) / (255 * 1024)

    /// The threshold of ``init(gray:integral:radius:contrast:minimumDrop:)`` on the columns whose
    /// window lies wholly inside the row, in 32-bit arithmetic (exact for windows up to
    /// ``largestNarrowWindow`` pixels) and without branches, so that the compiler vectorises it.
    @inline(never)
    private static func judgeInterior(_ row: UnsafePointer<UInt8>, top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>,
                                      radius: Int, area: Int32, scale: Int32, drop: Int32, columns: Range<Int>,
                                      into out: UnsafeMutablePointer<UInt8>) {
        let reach = radius &+ 1, weighted = area &* 1024
        for x in columns {
            let x0 = x &- radius, x1 = x &+ reach
            let sum = Int32(bitPattern: bottom[x1] &- top[x1] &- bottom[x0] &+ top[x0])
            let p = Int32(row[x])
            let darker: UInt8 = p &* weighted < sum &* scale ? 1 : 0
            let deeper: UInt8 = (p &+ drop) &* area < sum ? 1 : 0
            out[x] = darker & deeper
        }
    }

    /// Where ink is dense: a pixel is set when at least `fraction` of the `(2·rx+1) × (2·ry+1)`
    /// window around it is ink. With `rx` about half a character pitch and a small `ry`, the
    /// characters of a text line merge into one solid bar, whatever each row of the glyphs holds.
    func dense(rx: Int, ry: Int, fraction: Double) -> InkMask {
        let w = width, h = height
        // Separable box sums: along each row, then down each column.
        var rows = [Int32](repeating: 0, count: w * h)
        bits.withUnsafeBufferPointer { bits in
            rows.withUnsafeMutableBufferPointer { rows in
                guard let bits = bits.baseAddress, let rows = rows.baseAddress else { return }
                // The window enters (x + rx < w) and leaves (x − rx − 1 ≥ 0) the row in three stretches.
                let entering = max(0, w - rx), leaving = min(w, rx + 1)
                for y in 0..<h {
                    let line = bits + y * w, out = rows + y * w
                    var sum: Int32 = 0
                    for x in 0..<min(w, rx) { sum &+= Int32(line[x]) }
                    for x in 0..<min(entering, leaving) { sum &+= Int32(line[x &+ rx]); out[x] = sum }
                    for x in leaving..<max(leaving, entering) {
                        sum &+= Int32(line[x &+ rx]) &- Int32(line[x &- rx &- 1]); out[x] = sum
                    }
                    for x in entering..<w {
                        if x - rx - 1 >= 0 { sum &-= Int32(line[x &- rx &- 1]) }
                        out[x] = sum
                    }
                }
            }
        }
        var out = self
        let scaled = Int32(fraction * 1024)
        // Each pixel's window width (narrower near the left and right edges), times the threshold,
        // and times the window's height away from the top and bottom edges.
        let widths = (0..<w).map { x in scaled * Int32(min(w, x + rx + 1) - max(0, x - rx)) }
        let fullHeight = Int32(min(h, 2 * ry + 1))
        let thresholds = widths.map { $0 &* fullHeight }
        var column = [Int32](repeating: 0, count: w)
        var edgeThresholds = [Int32](repeating: 0, count: w)
        rows.withUnsafeBufferPointer { rows in
            out.bits.withUnsafeMutableBufferPointer { outBits in
                column.withUnsafeMutableBufferPointer { column in
                    guard let rows = rows.baseAddress, let outBits = outBits.baseAddress, let column = column.baseAddress
                    else { return }
                    for y in 0..<min(h, ry) { Self.add(rows + y * w, to: column, count: w) }
                    for y in 0..<h {
                        if y + ry < h { Self.add(rows + (y + ry) * w, to: column, count: w) }
                        if y - ry - 1 >= 0 { Self.subtract(rows + (y - ry - 1) * w, from: column, count: w) }
                        let height = Int32(min(h, y + ry + 1) - max(0, y - ry))
                        if height == fullHeight {
                            thresholds.withUnsafeBufferPointer {
                                Self.mark(column, reaching: $0.baseAddress!, into: outBits + y * w, count: w)
                            }
                        } else {
                            for x in 0..<w { edgeThresholds[x] = widths[x] &* height }
                            edgeThresholds.withUnsafeBufferPointer {
                                Self.mark(column, reaching: $0.baseAddress!, into: outBits + y * w, count: w)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    @inline(never)
    private static func addRow(_ above: UnsafePointer<UInt32>, to row: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count { row[x] &+= above[x] }
    }

    // The column pass's loops, each on its own so that the compiler vectorises it.

    @inline(never)
    private static func add(_ row: UnsafePointer<Int32>, to column: UnsafeMutablePointer<Int32>, count: Int) {
        for x in 0..<count { column[x] &+= row[x] }
    }

    @inline(never)
    private static func subtract(_ row: UnsafePointer<Int32>, from column: UnsafeMutablePointer<Int32>, count: Int) {
        for x in 0..<count { column[x] &-= row[x] }
    }

    /// 1 where the window's ink (×1024) reaches its threshold, else 0.
    @inline(never)
    private static func mark(_ column: UnsafePointer<Int32>, reaching thresholds: UnsafePointer<Int32>,
                             into out: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count { out[x] = column[x] &<< 10 >= thresholds[x] ? 1 : 0 }
    }
}
