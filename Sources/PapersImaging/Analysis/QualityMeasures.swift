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
