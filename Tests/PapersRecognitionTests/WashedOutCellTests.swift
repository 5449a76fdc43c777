import PapersCore
import PapersImaging
@testable import PapersRecognition
import Foundation
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

    /// `line` with `light(x)` added to every pixel, clipped at white.
    static func lit(_ line: SegmentedLine, _ light: (Int) -> Double) -> SegmentedLine {
        var lit = line
        let width = line.image.width
        for i in lit.image.pixels.indices {
            lit.image.pixels[i] = UInt8(min(255, Double(lit.image.pixels[i]) + light(i % width)))
        }
        return lit
    }

    @Test("paper clipped white by uneven light, its ink as dark as elsewhere, is not washed out")
    func brightPaperIsNotMarked() {
        // The light rises towards the left end: its paper clips, its bars stay dark.
        let line = Self.lit(Self.line(count: 30, paper: 236, glare: []), { x in max(0, 40 - Double(x) * 0.6) })
        #expect(line.clippedShares(count: 30)[0] >= SegmentedLine.washedOutShare)
        #expect(!line.washedOutCells(count: 30).contains(true))
    }

    @Test("a spot that lifts the strokes away is washed out where it does")
    func spotOverStrokesIsMarked() {
        // A spot 2.5 cells wide adding up to 320 levels, centred on cell 10.
        let line = Self.lit(Self.line(count: 30, paper: 210, glare: []), { x in
            let d = (Double(x) - 105) / 25
            return 320 * exp(-d * d)
        })
        let washed = Set(line.washedOutCells(count: 30).enumerated().filter(\.element).map(\.offset))
        // Cells whose bar the spot lifts by 120 levels or more (out of 170) have lost it.
        let lost = (0..<30).filter { 320 * exp(-pow((Double($0 * 10 + 5) - 105) / 25, 2)) >= 120 }
        #expect(!lost.isEmpty)
        #expect(Set(lost).isSubset(of: washed))
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
