/// Gray-level histograms.
public enum Histogram {
    /// The 256-bin histogram of `pixels`.
    public static func of(_ pixels: [UInt8]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        for v in pixels { histogram[Int(v)] += 1 }
        return histogram
    }

    /// The threshold that best splits a 256-bin histogram into two classes (Otsu's method): the
    /// pixels under it form one class, the rest the other.
    public static func otsuThreshold(_ histogram: [Int]) -> UInt8 {
        precondition(histogram.count == 256, "a gray-level histogram has 256 bins")
        let total = Double(histogram.reduce(0, +))
        let sumAll = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var weightBelow = 0.0, sumBelow = 0.0, bestVariance = -1.0, best = 128
        for t in 0..<256 {
            weightBelow += Double(histogram[t])
            sumBelow += Double(t * histogram[t])
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let meanBelow = sumBelow / weightBelow, meanAbove = (sumAll - sumBelow) / weightAbove
            let variance = weightBelow * weightAbove * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if variance > bestVariance { bestVariance = variance; best = t + 1 }
        }
        return UInt8(min(255, best))
    }
}
