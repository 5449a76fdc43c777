import PapersImaging

/// The bounding boxes of the 4-connected regions of a binary mask, found run by run.
struct ConnectedComponents {
    /// One region.
    struct Component: Sendable, Hashable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        /// Set pixels.
        var count: Int
        /// Sums over the set pixels (x, y, x², x·y) for a least-squares centre line.
        var sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0

        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        /// Set pixels per column: the thickness of a bar, however slanted.
        var thickness: Double { Double(count) / Double(width) }
        /// The least-squares centre line `y = intercept + slope · x` of the set pixels.
        var centreLine: (intercept: Double, slope: Double) {
            let n = Double(count), d = n * sxx - sx * sx
            let slope = d > 1e-9 ? (n * sxy - sx * sy) / d : 0
            return ((sy - slope * sx) / n, slope)
        }

        mutating func addRun(y: Int, start: Int, end: Int) {
            let a = Double(start), b = Double(end), n = b - a + 1, yy = Double(y)
            let sumX = (a + b) * n / 2
            // Σx² over a...b = S(b) − S(a − 1) with S(k) = k(k+1)(2k+1)/6.
            func squares(_ k: Double) -> Double { k * (k + 1) * (2 * k + 1) / 6 }
            sx += sumX; sy += yy * n; sxx += squares(b) - squares(a - 1); sxy += yy * sumX
        }
    }

    /// The regions of `mask` (1 = set), in the order of their first pixel in raster order.
    /// Horizontal runs shorter than `minimumRun` are ignored, so thin vertical strokes (a
    /// shadowed edge, a table line) do not join the long bars of smeared text lines.
    static func find(in mask: InkMask, minimumRun: Int = 1) -> [Component] {
        let labelled = mask.bits.withUnsafeBufferPointer {
            MaskRuns(mask: $0.baseAddress!, width: mask.width, height: mask.height, minimumRun: minimumRun)
        }
        var components = labelled.boxes.map { Component(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY, count: $0.count) }
        for (run, region) in zip(labelled.runs, labelled.regions) {
            components[region].addRun(y: run.y, start: run.start, end: run.end)
        }
        return components
    }
}
