import PapersCore
import PapersImaging
@testable import PapersRecognition
import Testing

/// Characters under a glare spot are marked, and an overexposed line as a whole is not.
@Suite("Washed-out cells")
struct WashedOutCellTests {
    /// A line of `count` cells, 10 pixels wide and 14 tall: paper at `paper`, a dark bar in each
    /// cell (the ink), and the cells in `glare` clipped white over their whole band.
    static func line(count: Int, paper: UInt8, glare: Set<Int>) -> SegmentedLine {
        let width = count * 10, height = 20
        var image = Image(width: width, height: height, format: .gray, fill: paper)
        for y in 3..<17 {
            for x in 0..<width {
                let cell = x / 10
                if glare.contains(cell) { image.pixels[y * width + x] = 255 } else if x % 10 >= 4, x % 10 < 6 { image.pixels[y * width + x] = 40 }
            }
        }
        return SegmentedLine(image: image, top: 3, bottom: 17, boundaries: (0...count).map { Double($0 * 10) })
    }

    @Test("cells a glare spot clips white are washed out; the others are not")
    func glareCellsAreMarked() {
        let washed = Self.line(count: 30, paper: 210, glare: [7, 8, 9]).washedOutCells(count: 30)
        #expect(washed.enumerated().filter(\.element).map(\.offset) == [7, 8, 9])
    }

    @Test("a line clipped white all over (overexposed) has no washed-out cell")
    func overexposedLineIsNotMarked() {
        let washed = Self.line(count: 30, paper: 255, glare: [7]).washedOutCells(count: 30)
        #expect(!washed.contains(true))
    }

    @Test("a clean line has no washed-out cell")
    func cleanLineIsNotMarked() {
        #expect(!Self.line(count: 44, paper: 230, glare: []).washedOutCells(count: 44).contains(true))
    }
}

/// What a washed-out cell does to a decoded reading.
@Suite("Washed-out characters in a reading")
struct WashedOutReadingTests {
    @Test("a washed-out letter loses its assurance; a sure filler and unwashed characters keep theirs")
    func washedOutLettersAreDoubted() {
        var decoded = MRZDecoder.Decoded(format: .mrp, lines: [Array("AT<<".utf8)], confidences: [[0.99, 0.87, 0.95, 0.6]],
                                          failedChecks: [])
        MRZReader.doubtWashedOut(&decoded, washedOut: [[false, true, true, true]])
        #expect(decoded.confidences[0][0] == 0.99)  // not washed out
        #expect(decoded.confidences[0][1] == MRZReader.washedOutConfidence)  // the T without its bar
        #expect(decoded.confidences[0][2] == 0.95)  // a sure filler
        #expect(decoded.confidences[0][3] == MRZReader.washedOutConfidence)  // an unsure filler
        #expect(MRZReader.washedOutConfidence < 0.5)  // below the default uncertainty threshold
    }
}
