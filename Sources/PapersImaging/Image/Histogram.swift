/// Gray-level histograms.
public enum Histogram {
    /// The 256-bin histogram of `pixels`.
    ///
    /// Counted in eight copies (a pixel's index modulo 8), eight pixels per load, then folded: an
    /// image of even paper raises the same bin pixel after pixel, and with one copy each increment
    /// waits on the last.
    public static func of(_ pixels: [UInt8]) -> [Int] {
        var copies = [UInt32](repeating: 0, count: 8 * 256)
        pixels.withUnsafeBufferPointer { buffer in
            copies.withUnsafeMutableBufferPointer { copies in
                guard let p = buffer.baseAddress, let counts = copies.baseAddress else { return }
                count(p, count: buffer.count, into: counts)
            }
        }
        return folded(copies)
    }

    /// The 256-bin histogram of a region of a gray image: the pixels of `rows` × `columns`, which
    /// must lie inside it. Counted as ``of(_:)`` counts, row by row.
    public static func of(_ image: Image, columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> [Int] {
        precondition(image.channels == 1, "a region histogram is of a gray image")
        precondition(columns.lowerBound >= 0 && columns.upperBound < image.width && rows.lowerBound >= 0
                     && rows.upperBound < image.height, "the region lies inside the image")
        var copies = [UInt32](repeating: 0, count: 8 * 256)
        image.pixels.withUnsafeBufferPointer { buffer in
            copies.withUnsafeMutableBufferPointer { copies in
                guard let p = buffer.baseAddress, let counts = copies.baseAddress else { return }
                for y in rows { count(p + y * image.bytesPerRow + columns.lowerBound, count: columns.count, into: counts) }
            }
        }
        return folded(copies)
    }

    /// Adds `count` pixels from `p` to eight copies of a histogram (256 bins each, one after the
    /// other), eight pixels per load, each into the copy of its place modulo 8.
    @inline(__always)
    private static func count(_ p: UnsafePointer<UInt8>, count: Int, into counts: UnsafeMutablePointer<UInt32>) {
        var i = 0
        while i &+ 8 <= count {
            let eight = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            for k in 0..<8 { counts[k &* 256 &+ Int((eight &>> UInt64(8 &* k)) & 255)] &+= 1 }
            i &+= 8
        }
        while i < count {
            counts[Int(p[i])] &+= 1
            i &+= 1
        }
    }

    /// The eight copies summed into one histogram.
    private static func folded(_ copies: [UInt32]) -> [Int] {
        (0..<256).map { value in (0..<8).reduce(0) { $0 + Int(copies[$1 * 256 + value]) } }
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
