@testable import PapersImaging
@testable import PapersSynthesis
import Testing

/// The highlight mask of the glare measure, against the plain per-pixel computation.
@Suite("Highlight mask")
struct HighlightMaskTests {
    /// The mask computed pixel by pixel: each pixel's cell by division, each cell's background
    /// from the unsaturated pixels of the 3×3 cells around it.
    static func plainMask(_ gray: Image) -> [UInt8] {
        let w = gray.width, h = gray.height
        let cell = max(4, min(w, h) / 8)
        let cw = (w + cell - 1) / cell, ch = (h + cell - 1) / cell
        var sums = [Int](repeating: 0, count: cw * ch), counts = [Int](repeating: 0, count: cw * ch)
        for y in 0..<h {
            for x in 0..<w where gray.pixels[y * w + x] < 245 {
                sums[(y / cell) * cw + x / cell] += Int(gray.pixels[y * w + x])
                counts[(y / cell) * cw + x / cell] += 1
            }
        }
        var mask = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let cx = x / cell, cy = y / cell
                var sum = 0.0, cells = 0.0
                for ny in (cy - 1)...(cy + 1) {
                    for nx in (cx - 1)...(cx + 1) where nx >= 0 && ny >= 0 && nx < cw && ny < ch
                        && counts[ny * cw + nx] > cell * cell / 4 {
                        sum += Double(sums[ny * cw + nx]) / Double(counts[ny * cw + nx])
                        cells += 1
                    }
                }
                let background = cells == 0 ? -1 : sum / cells
                if (background < 0 || 255 - background >= 18) && gray.pixels[y * w + x] >= 250 { mask[y * w + x] = 1 }
            }
        }
        return mask
    }

    @Test("equals the per-pixel computation: cells cut by the edges, near-white backgrounds, saturated cells",
          arguments: [(64, 40), (203, 77), (31, 29), (512, 301), (9, 5)])
    func highlightMask(width: Int, height: Int) throws {
        var random = SeededRandom(seed: UInt64(width * 1000 + height))
        // Mid-gray paper with noise, a near-white region (no highlights looked for there), a fully
        // saturated block (its cells have no background of their own) and scattered spots.
        var pixels = (0..<(width * height)).map { _ in UInt8.random(in: 90...200, using: &random) }
        for y in 0..<height {
            for x in 0..<width {
                if x > width * 2 / 3 { pixels[y * width + x] = UInt8.random(in: 238...255, using: &random) }
                if x < width / 4, y < height / 3 { pixels[y * width + x] = 255 }
                if UInt8.random(in: 0...255, using: &random) > 240 { pixels[y * width + x] = UInt8.random(in: 246...255, using: &random) }
            }
        }
        let gray = try #require(Image(width: width, height: height, format: .gray, pixels: pixels))
        let mask = QualityMeasures.highlightMask(gray), plain = Self.plainMask(gray)
        let first = mask.indices.first { mask[$0] != plain[$0] } ?? -1
        #expect(mask == plain, "first difference at x \(first % width), y \(first / width)")
        #expect(plain.contains(1) && plain.contains(0))
    }
}
