import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// The ink threshold and the dense-ink filter against their definitions, computed plainly.
@Suite("Ink mask")
struct InkMaskTests {
    static func noise(width: Int, height: Int, seed: UInt64) -> Image {
        var random = SeededRandom(seed: seed)
        // Smooth light ground with dark specks, so both verdicts occur often.
        let pixels = (0..<(width * height)).map { i -> UInt8 in
            let ground = 150 + (i % width) / 4
            return random.chance(0.2) ? UInt8.random(in: 0...120, using: &random) : UInt8(min(255, ground + Int.random(in: -20...20, using: &random)))
        }
        return Image(width: width, height: height, format: .gray, pixels: pixels)!
    }

    /// The sum of `values` over the window of half-sizes `rx`, `ry` around (`x`, `y`), clipped to
    /// the `w`×`h` image, and how many pixels it covers.
    static func window(_ values: [UInt8], w: Int, h: Int, x: Int, y: Int, rx: Int, ry: Int) -> (sum: Int, count: Int) {
        var sum = 0, count = 0
        for yy in max(0, y - ry)..<min(h, y + ry + 1) {
            for xx in max(0, x - rx)..<min(w, x + rx + 1) { sum += Int(values[yy * w + xx]); count += 1 }
        }
        return (sum, count)
    }

    @Test("a pixel is ink when darker than its window's mean by the contrast and the minimum drop", arguments: [(40, 30, 4), (23, 17, 9), (64, 12, 5), (7, 40, 12)])
    func threshold(size: (Int, Int, Int)) {
        let (w, h, radius) = size
        let gray = Self.noise(width: w, height: h, seed: UInt64(w * h + radius))
        let mask = InkMask(gray: gray, radius: radius, contrast: 0.12, minimumDrop: 10)
        var wrong = 0
        for y in 0..<h {
            for x in 0..<w {
                let (sum, count) = Self.window(gray.pixels, w: w, h: h, x: x, y: y, rx: radius, ry: radius)
                let p = Int(gray.pixels[y * w + x])
                let ink = p * count * 1024 < sum * Int(0.88 * 1024) && (p + 10) * count < sum
                if (mask.bits[y * w + x] == 1) != ink { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(mask.bits.contains(1) && mask.bits.contains(0))
    }

    @Test("a pixel is dense when enough of its window is ink", arguments: [(40, 30, 3, 1), (23, 17, 11, 2), (64, 12, 70, 0), (9, 40, 4, 6)])
    func dense(size: (Int, Int, Int, Int)) {
        let (w, h, rx, ry) = size
        let mask = InkMask(gray: Self.noise(width: w, height: h, seed: UInt64(w + h)), radius: 5)
        let dense = mask.dense(rx: rx, ry: ry, fraction: 0.3)
        var wrong = 0
        for y in 0..<h {
            for x in 0..<w {
                let (ink, count) = Self.window(mask.bits, w: w, h: h, x: x, y: y, rx: rx, ry: ry)
                let set = ink * 1024 >= Int(0.3 * 1024) * count
                if (dense.bits[y * w + x] == 1) != set { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
