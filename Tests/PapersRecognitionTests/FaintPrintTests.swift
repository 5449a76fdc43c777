import PapersImaging
@testable import PapersRecognition
import Testing

@Suite("faint MRZ print and lines set close")
struct FaintPrintTests {
    /// The ICAO specimen's two lines on a page, their ink only `depth` of the usual (laser
    /// engraving, washed-out ink).
    static func page(depth: Double) -> Image {
        let capHeight = 16.0
        let drawn = TextLineHalvesTests.stacked(capHeight: capHeight, spacing: 1.72)
        var page = Image(width: drawn.image.width + 200, height: 500, format: .gray, fill: 225)
        let left = 100, top = 360
        for y in 0..<drawn.image.height {
            for x in 0..<drawn.image.width {
                let ink = 225 - Double(drawn.image.pixels[y * drawn.image.width + x])
                page.pixels[(y + top) * page.width + x + left] = UInt8((225 - depth * ink).rounded())
            }
        }
        return page
    }

    @Test("grey print a tenth as dark as usual is found and read")
    func faint() throws {
        let page = Self.page(depth: 0.1)
        // The usual contrast sees no MRZ in it.
        #expect(!MRZLocator.candidates(in: page).contains { $0.lines.count == 2 })
        #expect(MRZLocator.candidates(in: page, faint: true).contains { $0.lines.count == 2 })
        let reading = try MRZReader.bundled().read(page, quarterTurns: false)
        #expect(reading.isVerified)
        #expect(reading.lines == [TextLineHalvesTests.upperText, TextLineHalvesTests.lowerText])
    }

    @Test("of three lines, one smeared with print beside it is placed by the other two")
    func evenlySpaced() throws {
        let lines = [
            TextLine(minX: 10, maxX: 590, intercept: 96, slope: 0.02, height: 30),
            TextLine(minX: 12, maxX: 588, intercept: 130, slope: 0, height: 20),
            TextLine(minX: 11, maxX: 589, intercept: 160, slope: 0, height: 21),
        ]
        let even = try #require(MRZLocator.evenlySpaced(lines))
        #expect(abs(even[0].intercept - 100) < 1e-9 && even[0].slope == 0 && abs(even[0].height - 20.5) < 1e-9)
        #expect(even[1] == lines[1] && even[2] == lines[2])
        // Three lines that agree, or no two that do, are left alone.
        #expect(MRZLocator.evenlySpaced(Array(repeating: lines[1], count: 3)) == nil)
        var uneven = lines
        uneven[2].height = 40
        #expect(MRZLocator.evenlySpaced(uneven) == nil)
    }

    @Test("a text band running into close print is cut to the line's height")
    func band() {
        // A line's rows full of ink, a row of text below it joined by a thin bridge of ink.
        var mask = InkMask(gray: Image(width: 100, height: 60, format: .gray, fill: 200), radius: 4)
        for y in 20..<36 { for x in 0..<100 { mask.bits[y * 100 + x] = 1 } }
        for y in 36..<40 { for x in 0..<40 { mask.bits[y * 100 + x] = 1 } }
        for y in 40..<52 { for x in 0..<60 { mask.bits[y * 100 + x] = 1 } }
        #expect(MRZLineSegmenter.band(of: mask).map { $0.bottom } == 51)
        let cut = MRZLineSegmenter.band(of: mask, tallest: 24)
        #expect(cut?.top == 20 && cut?.bottom == 35)
    }
}
