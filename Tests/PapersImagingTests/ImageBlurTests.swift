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
