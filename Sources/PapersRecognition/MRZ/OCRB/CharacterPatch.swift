import PapersImaging

/// The OCR-B classifier's input: one character cell resampled to a small, contrast-normalised patch.
///
/// The region `x ∈ [centerX − pitch/2, centerX + pitch/2]`, `y ∈ [top − H/4, bottom + H/4]`
/// (H = cap height) is sampled into ``width`` × ``height`` values. Each value averages k × k
/// bilinear samples spread evenly over its share of the region, with k = ⌈region / patch⌉ per axis
/// (at most 16), so large characters are low-passed rather than aliased; outside the image the
/// nearest edge pixel is used. The values are then stretched so that the darkest is 1 (ink) and
/// the lightest 0 (paper); a range under 24 gray levels is not stretched (the lightest stays 0).
/// Row-major, top row first. `tools/ocrb/patch.py` is the same sampler, used for training.
public enum CharacterPatch {
    /// Patch width in samples.
    public static let width = 20
    /// Patch height in samples.
    public static let height = 28
    /// The number of values in a patch: `width * height`.
    public static let count = width * height

    /// Margin above the top and below the baseline, as a fraction of the cap height.
    static let margin = 0.25
    /// The smallest gray range that is stretched to the full `[0, 1]`.
    static let minimumRange: Float = 24
    /// The most sub-samples per output value along one axis.
    static let maximumTaps = 16

    /// Samples a cell of a gray image into `buffer` (resized to ``count`` values when needed).
    ///
    /// A cell without area (a pitch or cap height that is not positive, or not finite) gives a
    /// patch of zeros.
    public static func sample(_ gray: Image, cell: CharacterCell, into buffer: inout [Float]) {
        if buffer.count != count { buffer = [Float](repeating: 0, count: count) }
        buffer.withUnsafeMutableBufferPointer { sample(gray, cell: cell, into: $0) }
    }

    /// Samples a cell into `count` values at `out`, without allocating on the heap for usual cells.
    static func sample(_ gray: Image, cell: CharacterCell, into out: UnsafeMutableBufferPointer<Float>) {
        precondition(gray.format == .gray, "CharacterPatch samples gray images")
        precondition(out.count >= count, "a patch needs \(count) values")
        let capHeight = cell.capHeight
        guard cell.pitch > 0, capHeight > 0, isUsable(cell.centerX), isUsable(cell.top),
              isUsable(cell.bottom), isUsable(cell.pitch) else {
            out.update(repeating: 0)
            return
        }
        let columns = AxisTaps(start: cell.centerX - cell.pitch / 2, length: cell.pitch, samples: width, size: gray.width)
        let rows = AxisTaps(start: cell.top - margin * capHeight, length: capHeight * (1 + 2 * margin),
                            samples: height, size: gray.height)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: (width + height) * 2 * maximumTaps) { indices in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: (width + height) * 2 * maximumTaps) { weights in
                let split = width * 2 * columns.taps
                let xIndices = UnsafeMutableBufferPointer(rebasing: indices[..<split])
                let xWeights = UnsafeMutableBufferPointer(rebasing: weights[..<split])
                let yIndices = UnsafeMutableBufferPointer(rebasing: indices[split...])
                let yWeights = UnsafeMutableBufferPointer(rebasing: weights[split...])
                columns.fill(indices: xIndices, weights: xWeights)
                rows.fill(indices: yIndices, weights: yWeights)
                resample(gray, columns: columns, xIndices: xIndices, xWeights: xWeights,
                         rows: rows, yIndices: yIndices, yWeights: yWeights, into: out)
            }
        }
        normalise(out)
    }

    /// Whether a coordinate is finite and small enough to turn into pixel indices.
    private static func isUsable(_ value: Double) -> Bool { value.isFinite && abs(value) < 1e9 }

    /// Separable resampling: every needed image row through the column taps, then the row taps.
    private static func resample(
        _ gray: Image, columns: AxisTaps, xIndices: UnsafeMutableBufferPointer<Int>, xWeights: UnsafeMutableBufferPointer<Float>,
        rows: AxisTaps, yIndices: UnsafeMutableBufferPointer<Int>, yWeights: UnsafeMutableBufferPointer<Float>,
        into out: UnsafeMutableBufferPointer<Float>
    ) {
        let xTaps = 2 * columns.taps, yTaps = 2 * rows.taps
        var firstRow = Int.max, lastRow = Int.min
        for index in yIndices.prefix(height * yTaps) {
            firstRow = min(firstRow, index)
            lastRow = max(lastRow, index)
        }
        let rowCount = lastRow - firstRow + 1
        let stride = gray.bytesPerRow
        withUnsafeTemporaryAllocation(of: Float.self, capacity: rowCount * width) { filtered in
            gray.pixels.withUnsafeBufferPointer { pixels in
                for r in 0..<rowCount {
                    let row = (firstRow + r) * stride
                    for c in 0..<width {
                        var sum: Float = 0
                        for t in c * xTaps..<(c + 1) * xTaps {
                            sum += xWeights[t] * Float(pixels[row + xIndices[t]])
                        }
                        filtered[r * width + c] = sum
                    }
                }
            }
            for r in 0..<height {
                for c in 0..<width { out[r * width + c] = 0 }
                for t in r * yTaps..<(r + 1) * yTaps {
                    let source = (yIndices[t] - firstRow) * width
                    let weight = yWeights[t]
                    for c in 0..<width { out[r * width + c] += weight * filtered[source + c] }
                }
            }
        }
    }

    /// Stretches the raw gray samples so that ink is 1 and paper 0.
    private static func normalise(_ values: UnsafeMutableBufferPointer<Float>) {
        var lo = Float.greatestFiniteMagnitude, hi = -Float.greatestFiniteMagnitude
        for v in values.prefix(count) {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        if hi - lo < minimumRange { lo = hi - minimumRange }
        let scale = 1 / (hi - lo)
        for i in 0..<count {
            values[i] = min(max((hi - values[i]) * scale, 0), 1)
        }
    }
}

/// Where the sub-samples of one axis fall: two pixel taps per bilinear sample, `taps` samples per
/// output value, weights already divided by `taps`.
private struct AxisTaps {
    let start: Double
    let step: Double
    let samples: Int
    let size: Int
    let taps: Int

    init(start: Double, length: Double, samples: Int, size: Int) {
        self.start = start
        self.step = length / Double(samples)
        self.samples = samples
        self.size = size
        self.taps = min(CharacterPatch.maximumTaps, max(1, Int((length / Double(samples)).rounded(.up))))
    }

    /// Writes `samples * 2 * taps` pixel indices (clamped to the image) and weights.
    func fill(indices: UnsafeMutableBufferPointer<Int>, weights: UnsafeMutableBufferPointer<Float>) {
        let k = Double(taps)
        var t = 0
        for i in 0..<samples {
            for a in 0..<taps {
                let position = start + (Double(i) + (Double(a) + 0.5) / k) * step - 0.5
                let clamped = min(max(position, -1), Double(size))
                let floor = clamped.rounded(.down)
                let fraction = clamped - floor
                let i0 = Int(floor)
                indices[t] = min(max(i0, 0), size - 1)
                weights[t] = Float((1 - fraction) / k)
                indices[t + 1] = min(max(i0 + 1, 0), size - 1)
                weights[t + 1] = Float(fraction / k)
                t += 2
            }
        }
    }
}
