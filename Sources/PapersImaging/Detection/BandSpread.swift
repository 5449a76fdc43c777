/// How even the brightness is along a band of samples beside a line (a candidate side of a
/// document): a document's margin is even, print and a checked cloth's squares are not.
struct BandSpread {
    /// How far from the line the band lies, in analysis pixels.
    static let depth = 3.0

    private var sum = 0.0, squares = 0.0, count = 0

    /// Adds the gray of `edges`' source at the pixel nearest (`x`, `y`); points off the image are skipped.
    @inline(__always) mutating func add(_ edges: EdgeMap, x: Double, y: Double) {
        let ix = x.nearestInteger, iy = y.nearestInteger
        guard ix >= 0, iy >= 0, ix < edges.width, iy < edges.height else { return }
        let value = Double(edges.source[iy * edges.width + ix])
        sum += value
        squares += value * value
        count += 1
    }

    /// The standard deviation of the samples; `nil` for four samples or fewer.
    var deviation: Double? {
        guard count > 4 else { return nil }
        let mean = sum / Double(count)
        return max(0, squares / Double(count) - mean * mean).squareRoot()
    }
}
