import Testing
@testable import PapersImaging

/// Box blurs and unsharp masking of gray images.
@Suite("Image blur and sharpening")
struct ImageBlurTests {
    /// A 40×8 gray image: 60 left of column 20, 200 from it on.
    static let step: Image = {
        var image = Image(width: 40, height: 8, format: .gray, fill: 60)
        for y in 0..<8 { for x in 20..<40 { image.pixels[y * 40 + x] = 200 } }
        return image
    }()

    @Test("a box blur averages its window, with the image's edges repeated")
    func boxBlurAverages() {
        let blurred = Self.step.boxBlurred(radius: 2)
        let row = Array(blurred.pixels[(3 * 40)..<(4 * 40)])
        // Columns 18…22 straddle the step: 2, 3 … of their 5 pixels are bright.
        #expect(Array(row[17...22]) == [60, 88, 116, 144, 172, 200])
        #expect(row[0] == 60 && row[39] == 200, "the edges repeat, so no dark or bright border appears")
        #expect(Self.step.boxBlurred(radius: 0) == Self.step)
    }

    @Test("a box blur's rounded mean is exact for every radius, whatever the pixels", arguments: [1, 2, 3, 7, 30, 128])
    func boxBlurMatchesDirectMeans(radius r: Int) {
        // Pseudo-random pixels with runs of 0 and 255 (the extremes of the sums).
        let w = 23, h = 9
        var state: UInt32 = 12345
        var image = Image(width: w, height: h, format: .gray, fill: 0)
        for i in image.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let v = UInt8(truncatingIfNeeded: state >> 24)
            image.pixels[i] = i % 7 == 0 ? 255 : (i % 11 == 0 ? 0 : v)
        }
        let blurred = image.boxBlurred(radius: r)
        let n = (2 * r + 1) * (2 * r + 1)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in -r...r {
                    for dx in -r...r {
                        sum += Int(image.pixels[min(h - 1, max(0, y + dy)) * w + min(w - 1, max(0, x + dx))])
                    }
                }
                #expect(Int(blurred.pixels[y * w + x]) == (sum + n / 2) / n, "pixel (\(x), \(y))")
            }
        }
        // All white stays white at the largest radius (the largest sums the division meets).
        #expect(Image(width: w, height: h, format: .gray, fill: 255).boxBlurred(radius: 128).pixels.allSatisfy { $0 == 255 })
    }

    @Test("unsharp masking steepens an edge, overshooting on both sides, and leaves flat areas alone")
    func unsharpSteepens() {
        let sharpened = Self.step.unsharpMasked(radius: 2, amount: 1.5)
        let row = Array(sharpened.pixels[(3 * 40)..<(4 * 40)])
        #expect(row[0] == 60 && row[39] == 200, "flat areas keep their level")
        #expect(row[19] < 60 && row[20] > 200, "the dark side darkens and the bright side brightens at the edge")
        let strong = Self.step.unsharpMasked(radius: 2, amount: 4)
        #expect(strong.pixels[3 * 40 + 19] == 0 || strong.pixels[3 * 40 + 20] == 255, "values clamp to 0…255")
        #expect(Self.step.unsharpMasked(radius: 2, amount: 0) == Self.step)
    }
}
