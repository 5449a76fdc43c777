import Testing
@testable import PapersImaging

/// Gray-level histograms and Otsu's threshold.
@Suite("Histograms")
struct HistogramTests {
    /// The histogram counted one pixel at a time, to compare with.
    static func counted(_ pixels: [UInt8]) -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        for v in pixels { histogram[Int(v)] += 1 }
        return histogram
    }

    @Test("every pixel is counted once, whatever the length (the eight-at-a-time loads and the tail)")
    func countsEveryPixel() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 1000, 4099] {
            let pixels = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Histogram.of(pixels) == Self.counted(pixels), "length \(length)")
        }
        // Even paper: one bin raised by every pixel.
        let even = [UInt8](repeating: 231, count: 1021)
        let histogram = Histogram.of(even)
        #expect(histogram[231] == 1021 && histogram.reduce(0, +) == 1021)
    }

    @Test("a region's histogram counts its pixels and no others", arguments: [(0, 0, 0, 0), (3, 2, 17, 9), (0, 0, 30, 12), (29, 11, 30, 12)])
    func regionCounts(x0: Int, y0: Int, x1: Int, y1: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let (width, height) = (31, 13)
        var image = Image(width: width, height: height, format: .gray, fill: 0)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &generator) }
        let inside = (y0...y1).flatMap { y in (x0...x1).map { x in image.pixels[y * width + x] } }
        #expect(Histogram.of(image, columns: x0...x1, rows: y0...y1) == Self.counted(inside))
    }

    @Test("Otsu's threshold splits two populations between them")
    func otsuSplits() {
        let pixels = [UInt8](repeating: 40, count: 300) + [UInt8](repeating: 200, count: 500)
        let threshold = Histogram.otsuThreshold(Histogram.of(pixels))
        #expect(threshold > 40 && threshold <= 200)
    }
}
