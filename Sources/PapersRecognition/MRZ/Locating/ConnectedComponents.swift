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
        for y in 0..<mask.height {
            var current: [Run] = []
            let row = y * mask.width
            var x = 0
            while x < mask.width {
                guard mask.bits[row + x] == 1 else { x += 1; continue }
                let start = x
                while x < mask.width, mask.bits[row + x] == 1 { x += 1 }
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
