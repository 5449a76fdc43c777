import Foundation

/// Sharpness, glare and exposure measured on a straightened gray document (or the frame's centre).
struct QualityMeasures: Sendable {
    /// Scale-normalised sharpness: over four directions, the weakest of the strongest (99th
    /// percentile) second differences of the lightly smoothed image (on every other row),
    /// relative to its contrast, ×100. Focus blur lowers every direction, motion blur the one it
    /// smears; noise barely counts.
    var sharpness: Double
    /// The weakest direction's strongest second differences over the strongest direction's, 0…1:
    /// near 1 for focus blur or a sharp picture, low when motion has smeared one direction.
    var anisotropy: Double
    /// Fraction of the area covered by specular highlights.
    var glareFraction: Double
    /// Bounding boxes (x, y, width, height in the measured image) of the highlight blobs.
    var glareBoxes: [(x: Int, y: Int, width: Int, height: Int)]
    /// Mean luminance, 0…255.
    var meanLuminance: Double
    /// Fraction of pixels at or above 250.
    var clippedBright: Double
    /// Fraction of pixels at or below 20.
    var clippedDark: Double

    init(_ gray: Image) {
        let w = gray.width, h = gray.height
        let histogram = Histogram.of(gray.pixels)
        let bins = Self.differenceBins
        // Most second differences are small (even paper), and only the strongest 1% count: values
        // under `countingFloor` are first counted together in bin 0. That gives the same
        // percentiles whenever every direction's is at least the floor (see
        // `differenceHistograms`); otherwise the counting is done again in full.
        var d2 = Self.differenceHistograms(gray, floor: Self.countingFloor)
        func percentile(_ histogram: [Int], _ fraction: Double) -> Int {
            let total = histogram.reduce(0, +)
            let target = Int(Double(total) * fraction)
            var seen = 0
            for (value, count) in histogram.enumerated() {
                seen += count
                if seen > target { return value }
            }
            return histogram.count - 1
        }
        let direction = { (d2: [Int32], k: Int) in
            percentile((0..<bins).map { Int(d2[k * bins + $0]) + Int(d2[(4 + k) * bins + $0]) }, 0.99)
        }
        var percentiles = (0..<4).map { direction(d2, $0) }
        if percentiles.contains(where: { $0 < Self.countingFloor }) {
            d2 = Self.differenceHistograms(gray, floor: 0)
            percentiles = (0..<4).map { direction(d2, $0) }
        }
        let n = w * h
        // The sum of the pixels, from their histogram (the same integer).
        let sum = histogram.indices.reduce(0) { $0 + $1 * histogram[$1] }
        let contrast = Double(max(24, percentile(histogram, 0.95) - percentile(histogram, 0.05)))
        // Diagonal steps are √2 longer: a blur-free diagonal edge gives half the second difference.
        let strongest = [Double(percentiles[0]), Double(percentiles[1]), Double(percentiles[2]) / 1.4, Double(percentiles[3]) / 1.4]
        sharpness = 100 * (strongest.min() ?? 0) / contrast
        anisotropy = (strongest.min() ?? 0) / max(1, strongest.max() ?? 0)
        meanLuminance = Double(sum) / Double(n)
        clippedBright = Double(histogram[250...].reduce(0, +)) / Double(n)
        clippedDark = Double(histogram[...20].reduce(0, +)) / Double(n)
        (glareFraction, glareBoxes) = clippedBright == 0 ? (0, []) : Self.glare(gray)
    }

    /// Bins of a second-difference histogram: the values divided by 9, 0…4·255.
    static let differenceBins = 4 * 255 + 1

    /// The least value the sharpness percentiles are counted exactly from at first (see `init`).
    static let countingFloor = 8

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
                var across = [UInt16](repeating: 0, count: 3 * w)
                var smooth = [UInt16](repeating: 0, count: 5 * w)
                var differences = [UInt16](repeating: 0, count: 4 * w)
                across.withUnsafeMutableBufferPointer { acrossBuffer in
                    smooth.withUnsafeMutableBufferPointer { smoothBuffer in
                      differences.withUnsafeMutableBufferPointer { differencesBuffer in
                        guard let a = acrossBuffer.baseAddress, let s = smoothBuffer.baseAddress,
                              let q = differencesBuffer.baseAddress else { return }
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
                            // percentiles move by a few percent (no verdict of `eval capture` on
                            // seeds 7, 11, 23 changes) for half the counting.
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

    /// Highlights: saturated blobs clearly brighter than their wide neighbourhood, compact (a
    /// specular spot, not the white gaps of print), and big enough to matter.
    static func glare(_ gray: Image) -> (Double, [(x: Int, y: Int, width: Int, height: Int)]) {
        let w = gray.width, h = gray.height
        let state = highlightMask(gray)
        // Connected blobs (4-neighbour), in the order of their first pixel.
        var boxes: [(x: Int, y: Int, width: Int, height: Int)] = []
        var kept = 0
        let minimumBlob = max(6, w * h / 2500)
        let blobs = state.withUnsafeBufferPointer { MaskRuns(mask: $0.baseAddress!, width: w, height: h) }.boxes
        for blob in blobs {
            let boxWidth = blob.maxX - blob.minX + 1, boxHeight = blob.maxY - blob.minY + 1
            let fill = Double(blob.count) / Double(boxWidth * boxHeight)
            let elongation = Double(max(boxWidth, boxHeight)) / Double(min(boxWidth, boxHeight))
            if blob.count >= minimumBlob, fill >= 0.4, elongation <= 5,
               halo(gray, x0: blob.minX, y0: blob.minY, x1: blob.maxX, y1: blob.maxY) >= 0.5 {
                kept += blob.count
                boxes.append((blob.minX, blob.minY, boxWidth, boxHeight))
            }
        }
        return (Double(kept) / Double(w * h), boxes)
    }

    /// The candidate highlights of a packed gray image, per pixel 1 or 0: the saturated pixels
    /// (250 and above) of the cells (squares of an eighth of the shorter side, at least 4) whose
    /// background, the mean of the unsaturated pixels (under 245) of the 3×3 cells around (those
    /// more than a quarter unsaturated), is unknown or not itself near white.
    static func highlightMask(_ gray: Image) -> [UInt8] {
        let w = gray.width, h = gray.height
        let cell = max(4, min(w, h) / 8)
        let cw = (w + cell - 1) / cell, ch = (h + cell - 1) / cell
        var cellSum = [Int](repeating: 0, count: cw * ch), cellCount = [Int](repeating: 0, count: cw * ch)
        // Per pixel: 1 a highlight, 0 not.
        var state = [UInt8](repeating: 0, count: w * h)
        gray.pixels.withUnsafeBufferPointer { buffer in
            guard let p = buffer.baseAddress else { return }
            // Each band of `cell` rows is summed down its columns in loops over whole rows, then
            // each cell's columns are summed: no pixel needs a division to find its cell.
            var columnSum = [UInt32](repeating: 0, count: w), columnCount = [UInt32](repeating: 0, count: w)
            columnSum.withUnsafeMutableBufferPointer { sums in
                columnCount.withUnsafeMutableBufferPointer { counts in
                    guard let sums = sums.baseAddress, let counts = counts.baseAddress else { return }
                    for cy in 0..<ch {
                        sums.update(repeating: 0, count: w)
                        counts.update(repeating: 0, count: w)
                        for y in (cy * cell)..<min(h, (cy + 1) * cell) {
                            Self.addUnsaturated(p + y * w, sums: sums, counts: counts, count: w)
                        }
                        for cx in 0..<cw {
                            let from = cx * cell, to = min(w, from + cell)
                            cellSum[cy * cw + cx] = Self.total(sums + from, count: to - from)
                            cellCount[cy * cw + cx] = Self.total(counts + from, count: to - from)
                        }
                    }
                }
            }
            // Background of each cell: the mean of its unsaturated neighbourhood (3×3 cells).
            var background = [Double](repeating: -1, count: cw * ch)
            for cy in 0..<ch {
                for cx in 0..<cw {
                    var sum = 0.0, cells = 0.0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let nx = cx + dx, ny = cy + dy
                            guard nx >= 0, ny >= 0, nx < cw, ny < ch, cellCount[ny * cw + nx] > cell * cell / 4 else { continue }
                            sum += Double(cellSum[ny * cw + nx]) / Double(cellCount[ny * cw + nx])
                            cells += 1
                        }
                    }
                    background[cy * cw + cx] = cells == 0 ? -1 : sum / cells
                }
            }
            state.withUnsafeMutableBufferPointer { stateBuffer in
                guard let mask = stateBuffer.baseAddress else { return }
                // Highlights are looked for in the cells whose background is not itself near
                // white; consecutive such cells of a band are marked as one stretch of each row.
                var stretches: [Range<Int>] = []
                for cy in 0..<ch {
                    stretches.removeAll(keepingCapacity: true)
                    for cx in 0..<cw {
                        let b = background[cy * cw + cx]
                        guard b < 0 || 255 - b >= 18 else { continue }
                        let from = cx * cell, to = min(w, from + cell)
                        if let last = stretches.last, last.upperBound == from {
                            stretches[stretches.count - 1] = last.lowerBound..<to
                        } else {
                            stretches.append(from..<to)
                        }
                    }
                    for y in (cy * cell)..<min(h, (cy + 1) * cell) {
                        for stretch in stretches {
                            Self.markSaturated(p + y * w + stretch.lowerBound, into: mask + y * w + stretch.lowerBound,
                                               count: stretch.count)
                        }
                    }
                }
            }
        }
        return state
    }

    /// Adds each of `count` pixels under 245 (not saturated) to its column's sum and count.
    @inline(never)
    private static func addUnsaturated(_ row: UnsafePointer<UInt8>, sums: UnsafeMutablePointer<UInt32>,
                                       counts: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let v = UInt32(row[x]), keep: UInt32 = v < 245 ? 1 : 0
            sums[x] &+= v &* keep
            counts[x] &+= keep
        }
    }

    /// The sum of `count` values.
    @inline(never)
    private static func total(_ values: UnsafePointer<UInt32>, count: Int) -> Int {
        var sum: UInt32 = 0
        for i in 0..<count { sum &+= values[i] }
        return Int(sum)
    }

    /// Marks the saturated pixels (250 and above) among `count` with 1, the others with 0.
    @inline(never)
    private static func markSaturated(_ row: UnsafePointer<UInt8>, into mask: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count { mask[x] = row[x] >= 250 ? 1 : 0 }
    }

    /// The share of a ring three pixels outside a blob's box that is bright but not saturated:
    /// a specular highlight fades out; print ends in ink at a sharp edge.
    static func halo(_ gray: Image, x0: Int, y0: Int, x1: Int, y1: Int) -> Double {
        let w = gray.width, h = gray.height
        let left = x0 - 3, right = x1 + 3, top = y0 - 3, bottom = y1 + 3
        var ring = 0, bright = 0
        func visit(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < w, y < h else { return }
            ring += 1
            let v = gray.pixels[y * w + x]
            if v >= 150 && v < 250 { bright += 1 }
        }
        for x in left...right { visit(x, top); visit(x, bottom) }
        for y in (top + 1)..<bottom { visit(left, y); visit(right, y) }
        return ring == 0 ? 0 : Double(bright) / Double(ring)
    }
}
