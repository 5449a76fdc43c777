import PapersCore
@testable import PapersRecognition
import Testing

/// The rules by which readings of one MRZ from several views keep each other honest, and the
/// turns the search tries.
@Suite("MRZ search across views")
struct MRZSearchTests {
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// A verified-looking reading of `lines` with every character at `confidence`, except those given.
    static func reading(_ lines: [String] = lines, confidence: Double = 0.99,
                        except: [(line: Int, column: Int, confidence: Double)] = []) -> MRZReading {
        var confidences = lines.map { [Double](repeating: confidence, count: $0.count) }
        for e in except { confidences[e.line][e.column] = e.confidence }
        return MRZReading(format: .mrp, lines: lines, confidences: confidences, failedChecks: [], corrections: 0,
                          uncertainPositions: [], document: try? MRZParser.parse(lines: lines))
    }

    /// `lines` with the character at (line, column) replaced.
    static func changed(_ line: Int, _ column: Int, to character: Character) -> [String] {
        var result = lines
        var chars = Array(result[line])
        chars[column] = character
        result[line] = String(chars)
        return result
    }

    @Test("a character the reading is unsure of, read otherwise with confidence in another view, becomes uncertain")
    func unsureCharacterDoubted() {
        let mine = Self.reading(except: [(1, 0, 0.6)])
        #expect(mine.isVerified)
        let other = Self.reading(Self.changed(1, 0, to: "I"))
        let doubted = MRZSearch.doubted(mine, by: [other])
        #expect(!doubted.isVerified)
        #expect(doubted.uncertainPositions == [MRZReading.Position(line: 2, column: 1)])
    }

    @Test("a character the reading is sure of is not doubted by another view (the check digits decide)")
    func sureCharacterKept() {
        let mine = Self.reading()
        let other = Self.reading(Self.changed(1, 0, to: "I"))
        #expect(MRZSearch.doubted(mine, by: [other]).isVerified)
    }

    @Test("an unsure disagreement, or a reading of other print, casts no doubt")
    func noDoubt() {
        let mine = Self.reading(except: [(1, 0, 0.6)])
        // The other view is itself unsure of its different character.
        let unsure = Self.reading(Self.changed(1, 0, to: "I"), except: [(1, 0, 0.5)])
        #expect(MRZSearch.doubted(mine, by: [unsure]).isVerified)
        // A reading differing in more than a tenth of the characters is of something else.
        let garbage = Self.reading(Self.changed(1, 0, to: "I").map { String($0.map { $0 == "<" ? "K" : $0 }) })
        #expect(MRZSearch.doubted(mine, by: [garbage]).isVerified)
    }

    @Test("turns are measured from the nearest quarter turn", arguments: [(0.0, 0.0), (30, 30), (100, 10), (-80, 10), (135, 45), (181, 1)])
    func residual(degrees: Double, expected: Double) {
        #expect(abs(abs(MRZSearch.residual(degrees)) - expected) < 1e-9)
        #expect(abs(MRZSearch.residual(degrees)) <= 45)
    }
}
