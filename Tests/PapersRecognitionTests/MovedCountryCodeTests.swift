import PapersCore
@testable import PapersRecognition
import Testing

/// A country code is a closed list, so a moved cell's letter that would name no country is not a
/// rival to the letter read.
@Suite("Moved readings of country codes")
struct MovedCountryCodeTests {
    static let lines = [
        Array("P<IRLMBEKI<<MARIA<<<<<<<<<<<<<<<<<<<<<<<<<<<".utf8),
        Array("MJ1N4L7XE8IRL6003047M3211119<<<<<<<<<<<<<<00".utf8),
    ]
    static let schema = MRZSchema(format: .mrp)

    static func plausible(_ character: Character, line: Int, column: Int, lines: [[UInt8]] = lines) -> Bool {
        MRZReader.isPlausible(MRZDecoder.index(of: character.asciiValue!), line: line, column: column, in: lines, schema: schema)
    }

    @Test("a moved letter that makes the code name no country is no rival; one that names another is")
    func countryCodes() {
        #expect(!Self.plausible("T", line: 0, column: 2), "TRL names no country")
        #expect(Self.plausible("Q", line: 0, column: 4), "IRQ is Iraq")
        #expect(!Self.plausible("<", line: 1, column: 12), "IR< names no country")
        #expect(!Self.plausible("E", line: 1, column: 11), "the nationality IEL names no country")
        #expect(Self.plausible("N", line: 1, column: 12), "IRN is Iran")
    }

    @Test("outside country codes, and in a code that already names no country, every letter is a rival")
    func elsewhere() {
        #expect(Self.plausible("X", line: 0, column: 7), "a name's letter")
        var lines = Self.lines
        lines[0][4] = UInt8(ascii: "X")  // IRX names no country
        #expect(Self.plausible("T", line: 0, column: 2, lines: lines))
    }
}
