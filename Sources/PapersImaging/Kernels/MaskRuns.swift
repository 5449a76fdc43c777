/// The runs of a binary mask (bytes 0 or 1, packed rows) and the 4-connected region each run
/// belongs to: each row's runs are joined to the runs they touch in the row above (union–find),
/// so the work grows with the number of runs, not of pixels, and no pixel is visited twice.
package struct MaskRuns: Sendable {
    /// One horizontal run of set pixels: columns `start`…`end` (inclusive) of row `y`.
    package struct Run: Sendable, Hashable {
        package var y: Int
        package var start: Int
        package var end: Int
        /// The run's pixel count.
        package var length: Int { end - start + 1 }
    }

    /// The runs, in raster order.
    package let runs: [Run]
    /// The region of each run: regions are numbered from 0 in the order of their first run,
    /// which holds their first pixel in raster order.
    package let regions: [Int]
    /// How many regions there are.
    package let regionCount: Int

    /// A region's pixel count and bounding box (inclusive corners).
    package struct Box: Sendable, Hashable {
        package var count: Int
        package var minX: Int
        package var minY: Int
        package var maxX: Int
        package var maxY: Int
    }

    /// The boxes of the regions, in region order.
    package var boxes: [Box] {
        var boxes: [Box] = []
        boxes.reserveCapacity(regionCount)
        for (run, region) in zip(runs, regions) {
            if region == boxes.count {
                // A region's first run is its topmost.
                boxes.append(Box(count: 0, minX: run.start, minY: run.y, maxX: run.end, maxY: run.y))
            }
            boxes[region].count += run.length
            boxes[region].minX = min(boxes[region].minX, run.start)
            boxes[region].maxX = max(boxes[region].maxX, run.end)
            boxes[region].maxY = max(boxes[region].maxY, run.y)
        }
        return boxes
    }

    /// Finds the runs of `mask` (`width`×`height`, one byte per pixel, 1 set and 0 not) at least
    /// `minimumRun` long, and their regions. Shorter runs are left out as if unset.
    package init(mask: UnsafePointer<UInt8>, width: Int, height: Int, minimumRun: Int = 1) {
        var runs: [Run] = []
        var parent: [Int] = []
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        var previous = 0..<0
        for y in 0..<height {
            // The first run of the row above that can still touch a run of this row: runs of a
            // row are sorted, and one ending before this run's start ends before the next's too.
            var above = previous.lowerBound
            let row = UnsafeRawPointer(mask + y * width)
            let first = runs.count
            var x = 0
            while x < width {
                // The next run's start and end, 32 or eight bytes at a time over empty stretches
                // (most of a highlight mask is), eight over full ones.
                while x + 32 <= width,
                      row.loadUnaligned(fromByteOffset: x, as: UInt64.self) | row.loadUnaligned(fromByteOffset: x + 8, as: UInt64.self)
                      | row.loadUnaligned(fromByteOffset: x + 16, as: UInt64.self) | row.loadUnaligned(fromByteOffset: x + 24, as: UInt64.self)
                      == 0 { x += 32 }
                while x + 8 <= width, row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 { x += 8 }
                while x < width, row.load(fromByteOffset: x, as: UInt8.self) != 1 { x += 1 }
                guard x < width else { break }
                let start = x
                while x + 8 <= width, row.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0x0101_0101_0101_0101 { x += 8 }
                while x < width, row.load(fromByteOffset: x, as: UInt8.self) == 1 { x += 1 }
                guard x - start >= minimumRun else { continue }
                let run = Run(y: y, start: start, end: x - 1)
                var label = -1
                // Runs of the row above touching this one.
                while above < previous.upperBound, runs[above].end < run.start { above += 1 }
                var k = above
                while k < previous.upperBound, runs[k].start <= run.end {
                    defer { k += 1 }
                    let other = root(k)
                    if label < 0 {
                        label = other
                    } else if other != label {
                        parent[max(label, other)] = min(label, other)
                        label = min(label, other)
                    }
                }
                parent.append(label < 0 ? runs.count : label)
                runs.append(run)
            }
            previous = first..<runs.count
        }
        var regionOfRoot = [Int](repeating: -1, count: runs.count)
        var regions = [Int](repeating: 0, count: runs.count)
        var count = 0
        for i in runs.indices {
            let r = root(i)
            if regionOfRoot[r] < 0 {
                regionOfRoot[r] = count
                count += 1
            }
            regions[i] = regionOfRoot[r]
        }
        self.runs = runs
        self.regions = regions
        self.regionCount = count
    }
}
