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

    /// The regions of `mask` (1 = set), in no particular order. Horizontal runs shorter than
    /// `minimumRun` are ignored, so thin vertical strokes (a shadowed edge, a table line) do
    /// not join the long bars of smeared text lines.
    static func find(in mask: InkMask, minimumRun: Int = 1) -> [Component] {
        struct Run { var start: Int, end: Int, label: Int }
        var parent: [Int] = []
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        var boxes: [Component] = []
        var previous: [Run] = []
        var allRuns: [(y: Int, run: Run)] = []
        let width = mask.width
        for y in 0..<mask.height {
            var current: [Run] = []
            var x = 0
            while x < width {
                // The next run: its start and its end, eight bytes at a time over empty or full stretches.
                let start: Int = mask.bits.withUnsafeBytes { bytes in
                    let row = bytes.baseAddress! + y * width
                    var i = x
                    while i + 8 <= width, row.loadUnaligned(fromByteOffset: i, as: UInt64.self) == 0 { i += 8 }
                    while i < width, row.load(fromByteOffset: i, as: UInt8.self) != 1 { i += 1 }
                    guard i < width else { return i }
                    var end = i
                    while end + 8 <= width, row.loadUnaligned(fromByteOffset: end, as: UInt64.self) == 0x0101_0101_0101_0101 { end += 8 }
                    while end < width, row.load(fromByteOffset: end, as: UInt8.self) == 1 { end += 1 }
                    x = end
                    return i
                }
                guard start < width else { break }
                guard x - start >= minimumRun else { continue }
                var run = Run(start: start, end: x - 1, label: -1)
                for other in previous where other.start <= run.end && other.end >= run.start {
                    if run.label < 0 {
                        run.label = root(other.label)
                    } else {
                        let a = root(run.label), b = root(other.label)
                        if a != b { parent[max(a, b)] = min(a, b); run.label = min(a, b) }
                    }
                }
                if run.label < 0 {
                    run.label = parent.count
                    parent.append(run.label)
                }
                current.append(run)
                allRuns.append((y, run))
            }
            previous = current
        }
        var index: [Int: Int] = [:]
        for (y, run) in allRuns {
            let label = root(run.label)
            let length = run.end - run.start + 1
            if let i = index[label] {
                boxes[i].minX = min(boxes[i].minX, run.start)
                boxes[i].maxX = max(boxes[i].maxX, run.end)
                boxes[i].minY = min(boxes[i].minY, y)
                boxes[i].maxY = max(boxes[i].maxY, y)
                boxes[i].count += length
                boxes[i].addRun(y: y, start: run.start, end: run.end)
            } else {
                index[label] = boxes.count
                var component = Component(minX: run.start, minY: y, maxX: run.end, maxY: y, count: length)
                component.addRun(y: y, start: run.start, end: run.end)
                boxes.append(component)
            }
        }
        return boxes
    }
}
