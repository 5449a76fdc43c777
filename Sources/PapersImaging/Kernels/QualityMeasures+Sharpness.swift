/// The sharpness measure's counting kernels: second differences of a smoothed image, binned in
/// histograms per direction, in straight-line and lane code (each checked against a plain count
/// in the tests).
extension QualityMeasures {
    /// Per direction, a histogram of |second difference| on the smoothed image, flat: across,
    /// down and the two diagonals, each in two copies (even and odd columns), one after another.
    /// The image is smoothed ×9, and each value is binned divided by 9 (0…4·255): rounding down
    /// keeps the order of the values, so the percentile of the divided values is the percentile
    /// of the raw ones divided, and the histograms stay in the first-level cache.
    ///
    /// With a `floor` (a power of two), every value under it is counted in bin 0 instead of its
    /// own bin. The bins from the floor up are then exact, and so is the total, so any percentile
    /// that comes out at the floor or above is the exact one (the counts below it only move
    /// within bins under it). Such a value is counted first in one of eight spare slots past the
    /// bins (by its column modulo 8, so that the even paper's run of them does not make each
    /// increment wait on the last), and a run of eight columns whose values in all four
    /// directions are under it is passed over at once.
    static func differenceHistograms(_ gray: Image, floor: Int) -> [Int32] {
        precondition(floor == 0 || floor & (floor - 1) == 0, "the counting floor is a power of two")
        // Two copies of each histogram, for even and odd columns: most second differences fall in
        // the same few bins, and alternating copies spares each increment waiting on the last.
        // Each has the spare slots after its bins (see `spareSlots`).
        let w = gray.width, h = gray.height, bins = differenceBins, slots = Self.histogramSlots
        var counts = [Int32](repeating: 0, count: 8 * slots)
        // Positions of each direction, counted in a bin or not.
        var positions: Int32 = 0
        gray.pixels.withUnsafeBufferPointer { buffer in
            counts.withUnsafeMutableBufferPointer { counts in
                guard let p = buffer.baseAddress, let d = counts.baseAddress, w > 6, h > 6 else { return }
                // A 3×3 box smoothing (×9), separable: horizontal sums, then vertical, takes
                // sensor noise down before differentiating. Rows are kept in rings (three of
                // horizontal sums, five of smoothed rows: a second difference spans two rows
                // either side), not as whole images.
                // 16 bits hold every value: sums of three bytes, of three of those (at most
                // 2295), and the binned differences (at most 510, or a spare slot).
                // One scratch allocation for the three rings: horizontal sums (3 rows), smoothed
                // rows (5) and the four directions' binned differences (4).
                let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: 12 * w)
                scratch.initialize(repeating: 0, count: 12 * w)
                defer { scratch.deallocate() }
                let a = scratch, s = scratch + 3 * w, q = scratch + 8 * w
                for y in 0..<h {
                    let row = p + y * w, out = a + (y % 3) * w
                    Self.tripleSums(row, into: out, count: w)
                    // Smoothed row y − 1 from horizontal rows y − 2 … y; only odd ones
                    // are read (see below).
                    let sy = y - 1
                    guard y >= 2, sy & 1 == 1 else { continue }
                    let up = a + ((sy - 1) % 3) * w, mid = a + (sy % 3) * w, down = a + (y % 3) * w
                    let smoothed = s + (sy % 5) * w
                    Self.columnSums(up, mid, down, into: smoothed, count: w)
                    // Second differences of row sy − 2, which needs smoothed rows sy − 4,
                    // sy − 2 and sy. Odd rows only: the smoothing spans three rows and a
                    // difference five, so every other row still sees every pixel, and the
                    // percentiles move by a few percent (no capture verdict on the evaluation
                    // sets changes) for half the counting.
                    let r = sy - 2
                    guard r >= 3, r < h - 3 else { continue }
                    let centre = s + (r % 5) * w, above = s + ((r - 2) % 5) * w, below = smoothed
                    // The differences first (a loop the compiler vectorises), then the counts.
                    Self.secondDifferences(centre: centre, above: above, below: below, count: w, floor: UInt16(floor), into: q)
                    positions &+= Int32(w &- 6)
                    var x = 3
                    while x &+ 8 <= w &- 3 {
                        if floor == 0 || !Self.allSpare(q + x, stride: w) {
                            Self.countEight(q + x, stride: w, oddFirst: x & 1 == 1, into: d)
                        }
                        x &+= 8
                    }
                    for column in x..<(w - 3) {
                        Self.countColumn(q + column, stride: w, into: d + (column & 1) &* (4 &* slots))
                    }
                }
            }
        }
        // The bins alone, every position under the floor (in a spare slot or passed over) in bin 0.
        var d2 = [Int32](repeating: 0, count: 8 * bins)
        for block in 0..<8 {
            for b in 0..<bins { d2[block * bins + b] = counts[block * slots + b] }
        }
        for k in 0..<4 {
            let counted = (0..<bins).reduce(Int32(0)) { $0 &+ d2[k * bins + $1] &+ d2[(4 + k) * bins + $1] }
            d2[k * bins] &+= positions &- counted
        }
        return d2
    }

    /// Counts eight values of each of four rows `stride` apart (from `q`: across, down and the
    /// two diagonals) in `counts` (see ``differenceHistograms(_:floor:)``), each in the copy of
    /// its column's parity; `oddFirst` when the first column is odd. Straight-line code: every
    /// increment's place is a constant step from one of two bases.
    @inline(__always)
    private static func countEight(_ q: UnsafePointer<UInt16>, stride w: Int, oddFirst: Bool, into counts: UnsafeMutablePointer<Int32>) {
        let slots = histogramSlots
        let first = counts + (oddFirst ? 4 &* slots : 0), second = counts + (oddFirst ? 0 : 4 &* slots)
        for lane in 0..<8 { countColumn(q + lane, stride: w, into: lane & 1 == 0 ? first : second) }
    }

    /// Counts one column's values in its four directions (rows `stride` apart from `q`) in the
    /// four histograms of one copy (from `copy`, ``histogramSlots`` apart).
    @inline(__always)
    private static func countColumn(_ q: UnsafePointer<UInt16>, stride w: Int, into copy: UnsafeMutablePointer<Int32>) {
        let slots = histogramSlots
        copy[Int(q[0])] &+= 1
        copy[slots &+ Int(q[w])] &+= 1
        copy[2 &* slots &+ Int(q[2 &* w])] &+= 1
        copy[3 &* slots &+ Int(q[3 &* w])] &+= 1
    }

    /// Where a value under the counting floor is counted: spare slot `spareSlots` + column mod 8,
    /// past every bin. Bit 10 marks it (the bins end at 1020).
    static let spareSlots = 1024

    /// The length of one histogram in the counting: its bins, then its eight spare slots.
    static let histogramSlots = spareSlots + 8

    /// Whether eight values of each of four rows `stride` apart (from `q`) are all in spare slots
    /// (under the floor).
    @inline(__always)
    private static func allSpare(_ q: UnsafePointer<UInt16>, stride: Int) -> Bool {
        let raw = UnsafeRawPointer(q)
        let a = raw.loadUnaligned(as: SIMD8<UInt16>.self), b = raw.loadUnaligned(fromByteOffset: 2 * stride, as: SIMD8<UInt16>.self)
        let c = raw.loadUnaligned(fromByteOffset: 4 * stride, as: SIMD8<UInt16>.self)
        let d = raw.loadUnaligned(fromByteOffset: 6 * stride, as: SIMD8<UInt16>.self)
        let all = unsafeBitCast(a & b & c & d, to: SIMD2<UInt64>.self)
        let mark = UInt64(spareSlots) * 0x0001_0001_0001_0001
        return all[0] & all[1] & mark == mark
    }

    /// Sums of three neighbours along a row, for columns 1 ..< `count` − 1.
    @inline(never)
    private static func tripleSums(_ row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt16>, count w: Int) {
        guard w > 2 else { return }
        for x in 1..<(w - 1) { out[x] = UInt16(row[x - 1]) &+ UInt16(row[x]) &+ UInt16(row[x + 1]) }
    }

    /// Sums of three rows, for columns 1 ..< `count` − 1.
    @inline(never)
    private static func columnSums(_ up: UnsafePointer<UInt16>, _ mid: UnsafePointer<UInt16>, _ down: UnsafePointer<UInt16>,
                                   into out: UnsafeMutablePointer<UInt16>, count w: Int) {
        guard w > 2 else { return }
        for x in 1..<(w - 1) { out[x] = up[x] &+ mid[x] &+ down[x] }
    }

    /// |second difference| of a smoothed row (×9) in four directions, divided by 9 and rounded
    /// down, for columns 3 ..< `count` − 3: across (`into[x]`), down (`into[count + x]`), and the
    /// two diagonals (`into[2·count + x]`, `into[3·count + x]`), two pixels either side. A value
    /// under `floor` is replaced by its spare slot (see ``spareSlots``).
    @inline(never)
    private static func secondDifferences(centre: UnsafePointer<UInt16>, above: UnsafePointer<UInt16>, below: UnsafePointer<UInt16>,
                                          count w: Int, floor: UInt16, into q: UnsafeMutablePointer<UInt16>) {
        guard w > 6 else { return }
        let down = q + w, diagonal = q + 2 * w, antidiagonal = q + 3 * w
        let spare = UInt16(spareSlots)
        for x in 3..<(w - 3) {
            // Smoothed values are at most 2295: a second difference lies within ±4590, in 16 bits.
            let c2 = Int16(bitPattern: 2 &* centre[x]), slot = spare | UInt16(truncatingIfNeeded: x & 7)
            @inline(__always) func binned(_ a: UInt16, _ b: UInt16) -> UInt16 {
                let v = ninth(Int16(bitPattern: a &+ b) &- c2)
                return v < floor ? slot : v
            }
            q[x] = binned(centre[x - 2], centre[x + 2])
            down[x] = binned(above[x], below[x])
            diagonal[x] = binned(above[x - 2], below[x + 2])
            antidiagonal[x] = binned(above[x + 2], below[x - 2])
        }
    }

    /// ⌊v / 9⌋ for 0 ≤ v ≤ 4·255·9, as a multiply and a shift: 7282/65536 exceeds 1/9 by less
    /// than 1/9 of a unit over that range, so the quotient is never off.
    @inline(__always)
    static func ninth(_ v: Int32) -> Int32 {
        Int32(truncatingIfNeeded: (UInt32(truncatingIfNeeded: v) &* 7282) &>> 16)
    }

    /// ⌊|v| / 9⌋ for |v| ≤ 4·255·9, by ``ninth(_:)-(Int32)``, from a 16-bit difference.
    @inline(__always)
    static func ninth(_ v: Int16) -> UInt16 {
        UInt16(truncatingIfNeeded: ninth(Int32(v.magnitude)))
    }
}
