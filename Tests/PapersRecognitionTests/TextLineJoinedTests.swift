@testable import PapersRecognition
import Testing

@Suite("pieces of one broken MRZ line joined")
struct TextLineJoinedTests {
    /// A piece of a level line of `height` whose centre is at `y`.
    static func piece(_ minX: Double, _ maxX: Double, y: Double, height: Double = 8, slope: Double = 0) -> TextLine {
        TextLine(minX: minX, maxX: maxX, intercept: y - slope * (minX + maxX) / 2, slope: slope, height: height)
    }

    @Test("pieces in a row join; pieces of another line or too far do not")
    func joinsPiecesOfOneLine() throws {
        // A line broken twice (a gap of 12 pixels, then an overlap), a piece of the line below,
        // and a piece of the same line past a gap wider than the reach.
        let pieces = [Self.piece(100, 300, y: 50), Self.piece(312, 500, y: 51, slope: 0.01), Self.piece(480, 800, y: 50),
                      Self.piece(100, 790, y: 80), Self.piece(900, 1000, y: 50)]
        let lines = TextLine.joined(pieces, gap: 20)
        let joined = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(joined.minX == 100 && joined.maxX == 800)
        #expect(abs(joined.midY - 50.2) < 1)
        #expect(abs(joined.height - 8) < 0.01)
    }

    @Test("pieces at different heights or of very different thickness stay apart")
    func keepsDifferentLinesApart() {
        let offset = [Self.piece(100, 300, y: 50), Self.piece(310, 600, y: 60)]
        #expect(TextLine.joined(offset, gap: 20).isEmpty)
        let thick = [Self.piece(100, 300, y: 50), Self.piece(310, 600, y: 50, height: 20)]
        #expect(TextLine.joined(thick, gap: 20).isEmpty)
        let slanted = [Self.piece(100, 300, y: 50), Self.piece(310, 600, y: 50, slope: 0.05)]
        #expect(TextLine.joined(slanted, gap: 20).isEmpty)
    }

    @Test("sparse print: long thin lines far apart for their smeared height make a candidate")
    func sparseLinesGroup() {
        // Small type at a wide pitch smears into lines a third as high as their spacing.
        let long = [Self.piece(100, 900, y: 600, height: 7), Self.piece(104, 902, y: 628, height: 7.5)]
        #expect(MRZLocator.groups(of: long, sparse: true).contains { $0.lines.count == 2 })
        // Such lines are only tried after the rest.
        #expect(!MRZLocator.groups(of: long).contains { $0.lines.count == 2 })
        // The same spacing between short lines is too wide for an MRZ of their length.
        let short = [Self.piece(100, 400, y: 600, height: 7), Self.piece(104, 402, y: 628, height: 7.5)]
        #expect(!MRZLocator.groups(of: short, sparse: true).contains { $0.lines.count == 2 })
    }
}
