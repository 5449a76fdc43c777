import PapersImaging
@testable import PapersRecognition
import Testing

@Suite("two MRZ lines smeared into one bar")
struct TextLineHalvesTests {
    static let upperText = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    static let lowerText = MRZCellPlacerTests.text

    /// The two lines drawn `spacing` cap heights apart (baseline to baseline), darker ink winning
    /// where they overlap, with the middle of each line's text band.
    static func stacked(capHeight: Double, spacing: Double) -> (image: Image, centres: (Double, Double), line: TextLine) {
        let pitch = capHeight / 0.986 * 0.95
        let upper = MRZCellPlacerTests.line(upperText, capHeight: capHeight, pitch: pitch, spread: 1)
        let lower = MRZCellPlacerTests.line(lowerText, capHeight: capHeight, pitch: pitch, spread: 1)
        let shift = Int((spacing * capHeight).rounded())
        var image = Image(width: upper.image.width, height: upper.image.height + shift, format: .gray, fill: 225)
        for (source, offset) in [(upper.image, 0), (lower.image, shift)] {
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let i = (y + offset) * image.width + x
                    image.pixels[i] = min(image.pixels[i], source.pixels[y * source.width + x])
                }
            }
        }
        let top = upper.baseline - capHeight, bottom = upper.baseline + Double(shift)
        let line = TextLine(minX: upper.centres.first! - 0.4 * pitch, maxX: upper.centres.last! + 0.4 * pitch,
                            intercept: (top + bottom) / 2, slope: 0, height: bottom - top)
        return (image, (upper.baseline - capHeight / 2, upper.baseline - capHeight / 2 + Double(shift)), line)
    }

    @Test("a bar of two close lines is cut into them", arguments: [1.3, 1.5])
    func halves(spacing: Double) throws {
        let capHeight = 16.0
        let drawn = Self.stacked(capHeight: capHeight, spacing: spacing)
        let mask = InkMask(gray: drawn.image, radius: Int(2 * capHeight))
        let (upper, lower) = try #require(drawn.line.halves(in: mask))
        #expect(abs(upper.midY - drawn.centres.0) < 0.25 * capHeight)
        #expect(abs(lower.midY - drawn.centres.1) < 0.25 * capHeight)
        #expect(abs(upper.height - capHeight) < 0.35 * capHeight && abs(lower.height - capHeight) < 0.35 * capHeight)
    }

    @Test("a single line is not cut")
    func single() {
        let capHeight = 16.0, pitch = capHeight / 0.986
        let drawn = MRZCellPlacerTests.line(Self.lowerText, capHeight: capHeight, pitch: pitch, spread: 2)
        let mask = InkMask(gray: drawn.image, radius: Int(2 * capHeight))
        // The line as a locator smearing it finds it: a little taller than its text.
        let line = TextLine(minX: drawn.centres.first! - 0.4 * pitch, maxX: drawn.centres.last! + 0.4 * pitch,
                            intercept: drawn.baseline - capHeight / 2, slope: 0, height: 1.4 * capHeight)
        #expect(line.halves(in: mask) == nil)
    }

    @Test("the locator offers the two lines of a bar it smeared together")
    func located() {
        let capHeight = 16.0
        let drawn = Self.stacked(capHeight: capHeight, spacing: 1.3)
        // On a page: the lines in its lower part, as on a passport's data page.
        var page = Image(width: drawn.image.width + 200, height: 500, format: .gray, fill: 225)
        let left = 100, top = 360
        for y in 0..<drawn.image.height {
            for x in 0..<drawn.image.width { page.pixels[(y + top) * page.width + x + left] = drawn.image.pixels[y * drawn.image.width + x] }
        }
        // At the largest text size searched the gap of a few pixels between the lines is smeared over.
        let found = MRZLocator.candidates(in: page, gapFractions: [1.0 / 55]).map(\.lines)
        let centres = (drawn.centres.0 + Double(top), drawn.centres.1 + Double(top))
        #expect(found.contains { lines in
            lines.count == 2 && abs(lines[0].midY - centres.0) < 0.25 * capHeight && abs(lines[1].midY - centres.1) < 0.25 * capHeight
        }, "\(found.map { $0.map(\.midY) })")
    }
}
