import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// The run-based labelling against a plain flood fill of the same pixels.
@Suite("Connected components")
struct ConnectedComponentsTests {
    /// A random mask of `width`×`height` (not a multiple of 8 wide, so that the word-at-a-time
    /// scan meets row ends mid-word), with long runs and scattered specks.
    static func mask(width: Int, height: Int, seed: UInt64) -> InkMask {
        var random = SeededRandom(seed: seed)
        var mask = InkMask(gray: Image(width: width, height: height, format: .gray), radius: 4)
        var bits = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let length = Int.random(in: 1...30, using: &random)
                let set: UInt8 = random.chance(0.4) ? 1 : 0
                for i in x..<min(width, x + length) { bits[y * width + i] = set }
                x += length
            }
        }
        mask.bits = bits
        return mask
    }

    /// The components' boxes and pixel counts by flood fill over the pixels of runs at least
    /// `minimumRun` long, 4-connected.
    static func reference(_ mask: InkMask, minimumRun: Int) -> [[Int]] {
        let w = mask.width, h = mask.height
        var kept = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            var x = 0
            while x < w {
                guard mask.bits[y * w + x] == 1 else { x += 1; continue }
                let start = x
                while x < w, mask.bits[y * w + x] == 1 { x += 1 }
                if x - start >= minimumRun { for i in start..<x { kept[y * w + i] = true } }
            }
        }
        var seen = [Bool](repeating: false, count: w * h)
        var result: [[Int]] = []
        for start in 0..<(w * h) where kept[start] && !seen[start] {
            var stack = [start], box = [w, h, 0, 0], count = 0
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                count += 1
                box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < w && ny < h && kept[ny * w + nx] && !seen[ny * w + nx] {
                    seen[ny * w + nx] = true
                    stack.append(ny * w + nx)
                }
            }
            result.append(box + [count])
        }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test("components are the flood fill's, runs shorter than the minimum left out",
          arguments: [(83, 41, 1), (83, 41, 6), (64, 30, 3), (17, 90, 9)])
    func matchesFloodFill(width: Int, height: Int, minimumRun: Int) {
        for seed in 0..<4 {
            let mask = Self.mask(width: width, height: height, seed: UInt64(seed * 100 + width))
            let found = ConnectedComponents.find(in: mask, minimumRun: minimumRun)
                .map { [$0.minX, $0.minY, $0.maxX, $0.maxY, $0.count] }
                .sorted { $0.lexicographicallyPrecedes($1) }
            #expect(found == Self.reference(mask, minimumRun: minimumRun), "seed \(seed)")
        }
    }
}
