@testable import PapersImaging
@testable import PapersSynthesis
import Testing

/// Run labelling against a plain flood fill of the same mask.
@Suite("Mask runs")
struct MaskRunsTests {
    /// A random 0/1 mask with long runs (full eight-byte words) and specks, not a multiple of 8 wide.
    static func mask(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bits = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let length = Int.random(in: 1...24, using: &random)
                let set: UInt8 = random.chance(0.45) ? 1 : 0
                for i in x..<min(width, x + length) { bits[y * width + i] = set }
                x += length
            }
        }
        return bits
    }

    /// Regions by flood fill from each unvisited set pixel in raster order: [count, minX, minY, maxX, maxY].
    static func floodFill(_ bits: [UInt8], width w: Int, height h: Int) -> [[Int]] {
        var seen = [Bool](repeating: false, count: w * h)
        var regions: [[Int]] = []
        for start in 0..<(w * h) where bits[start] == 1 && !seen[start] {
            var stack = [start], region = [0, w, h, 0, 0]
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                region = [region[0] + 1, min(region[1], x), min(region[2], y), max(region[3], x), max(region[4], y)]
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < w && ny < h && bits[ny * w + nx] == 1 && !seen[ny * w + nx] {
                    seen[ny * w + nx] = true
                    stack.append(ny * w + nx)
                }
            }
            regions.append(region)
        }
        return regions
    }

    @Test("Regions, their pixels, boxes and order match a flood fill", arguments: [(37, 23, 1), (64, 40, 2), (101, 57, 3), (9, 120, 4)])
    func matchesFloodFill(width: Int, height: Int, seed: UInt64) {
        let bits = Self.mask(width: width, height: height, seed: seed)
        let labelled = bits.withUnsafeBufferPointer { MaskRuns(mask: $0.baseAddress!, width: width, height: height) }
        let regions = labelled.boxes.map { [$0.count, $0.minX, $0.minY, $0.maxX, $0.maxY] }
        let reference = Self.floodFill(bits, width: width, height: height)
        #expect(reference.count > 3)
        #expect(labelled.boxes.count == labelled.regionCount)
        #expect(regions == reference)
        // Every set pixel lies in exactly one run.
        #expect(labelled.runs.map(\.length).reduce(0, +) == bits.filter { $0 == 1 }.count)
    }

    @Test("Runs shorter than the minimum are left out")
    func minimumRun() {
        // Row 0: a run of 2 and a run of 5; row 1: a run of 3 under both (joining them only if kept).
        let w = 12
        var bits = [UInt8](repeating: 0, count: 2 * w)
        for x in [0, 1, 4, 5, 6, 7, 8] { bits[x] = 1 }
        for x in 1...3 { bits[w + x] = 1 }
        let all = bits.withUnsafeBufferPointer { MaskRuns(mask: $0.baseAddress!, width: w, height: 2) }
        #expect(all.runs.count == 3)
        #expect(all.regionCount == 2)
        let long = bits.withUnsafeBufferPointer { MaskRuns(mask: $0.baseAddress!, width: w, height: 2, minimumRun: 3) }
        #expect(long.runs == [MaskRuns.Run(y: 0, start: 4, end: 8), MaskRuns.Run(y: 1, start: 1, end: 3)])
        #expect(long.regions == [0, 1])
    }
}
