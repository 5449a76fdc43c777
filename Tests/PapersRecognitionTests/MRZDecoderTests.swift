@testable import PapersRecognition
import PapersCore
import Testing

@Suite("MRZ decoder")
struct MRZDecoderTests {
    static let specimen = [
        "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
        "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ]

    /// Probabilities that put `confidence` on each character of `lines` and share the rest.
    static func probabilities(_ lines: [String], confidence: Float = 0.98) -> [[[Float]]] {
        lines.map { line in
            line.utf8.map { byte in
                var p = [Float](repeating: (1 - confidence) / 36, count: 37)
                p[MRZDecoder.alphabet.firstIndex(of: byte)!] = confidence
                return p
            }
        }
    }

    static func set(_ p: inout [[[Float]]], line: Int, column: Int, _ pairs: [(Character, Float)]) {
        p[line][column] = [Float](repeating: 0.001, count: 37)
        for (c, v) in pairs { p[line][column][MRZDecoder.alphabet.firstIndex(of: c.asciiValue!)!] = v }
    }

    @Test("a clean reading decodes to the same lines with every check holding")
    func clean() throws {
        let decoded = try #require(MRZDecoder.decode(Self.probabilities(Self.specimen)))
        #expect(decoded.format == .mrp)
        #expect(decoded.lines.map { String(decoding: $0, as: UTF8.self) } == Self.specimen)
        #expect(decoded.failedChecks.isEmpty)
        #expect(decoded.corrections == 0)
    }

    @Test("a digit field takes the likeliest digit even when a letter scored higher")
    func fieldClasses() throws {
        var p = Self.probabilities(Self.specimen)
        // Birth date "740812": the '0' at line 2 column 16 read as 'O'.
        Self.set(&p, line: 1, column: 15, [("O", 0.7), ("0", 0.25)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(String(decoding: decoded.lines[1], as: UTF8.self) == Self.specimen[1])
        #expect(decoded.failedChecks.isEmpty)
    }

    @Test("a failed check digit is repaired with the recogniser's second choice")
    func repair() throws {
        var p = Self.probabilities(Self.specimen)
        // Document number "L898902C3": the '8' at column 2 read as 'B' first.
        Self.set(&p, line: 1, column: 1, [("B", 0.6), ("8", 0.35)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(String(decoding: decoded.lines[1], as: UTF8.self) == Self.specimen[1])
        #expect(decoded.corrections == 1)
        #expect(decoded.failedChecks.isEmpty)
    }

    @Test("a confident misreading is reported as a failed check, not guessed away")
    func noGuessing() throws {
        var p = Self.probabilities(Self.specimen)
        // Expiry date "120415": the '4' read as '9' with no plausible alternative.
        Self.set(&p, line: 1, column: 24, [("9", 0.99)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.failedChecks.contains("expiryDate"))
        #expect(decoded.failedChecks.contains("composite"))
        #expect(decoded.corrections == 0)
    }

    @Test("a sure O where its check needs a 0 is repaired, and the repaired character stays unsure")
    func lookAlikeRepair() throws {
        var p = Self.probabilities(Self.specimen)
        // Document number "L898902C3": the '0' at column 6 read as a sure 'O'.
        Self.set(&p, line: 1, column: 5, [("O", 0.99), ("0", 0.003)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(String(decoding: decoded.lines[1], as: UTF8.self) == Self.specimen[1])
        #expect(decoded.failedChecks.isEmpty)
        #expect(decoded.repaired.map(\.position) == [[1, 5]])
        #expect(decoded.confidences[1][5] < 0.01)
        let reading = try MRZReader.bundled().reading(from: decoded)
        #expect(reading.uncertainPositions.contains(MRZReading.Position(line: 2, column: 6)))
        #expect(!reading.isVerified)
    }

    @Test("two sure O's whose change to 0's its check digits cannot see are doubted")
    func lookAlikePairIsBlind() throws {
        // Document number "L89OO02C3": O at weights 7 and 3 (24 · 7 + 24 · 3 = 240, 0 modulo 10).
        let number = "L89OO02C3"
        let rest = "UTO7408122F1204159ZE184226B<<<<<"
        let personal = String(rest.suffix(14)) + "\(MRZCheckDigit.compute(String(rest.suffix(14))))"
        let head = number + "\(MRZCheckDigit.compute(number))" + String(rest.prefix(18))
        let composite = MRZCheckDigit.compute(String(head.prefix(10)) + String(head.dropFirst(13).prefix(7))
                                              + String(head.dropFirst(21)) + personal)
        let lines = [Self.specimen[0], head + personal + "\(composite)"]
        #expect(lines[1].count == 44)
        let decoded = try #require(MRZDecoder.decode(Self.probabilities(lines, confidence: 0.99)))
        #expect(decoded.failedChecks.isEmpty)
        #expect(decoded.blind.contains([1, 3]) && decoded.blind.contains([1, 4]))
        #expect(!(try MRZReader.bundled().reading(from: decoded).isVerified))
    }

    @Test("a passport's worn P is vouched for by its sure composite digit; a visa's filler there is not")
    func passportLetterFromFormat() throws {
        var p = Self.probabilities(Self.specimen)
        // The document code's P barely read (smudged), a V no likelier.
        Self.set(&p, line: 0, column: 0, [("P", 0.02), ("V", 0.01)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.format == .mrp && decoded.failedChecks.isEmpty)
        #expect(decoded.confidences[0][0] < 0.5)
        let reader = try MRZReader.bundled()
        let reading = reader.reading(from: decoded)
        #expect(reading.isVerified)
        #expect(reading.confidences[0][0] >= 0.5)

        // The composite digit itself unsure (a filler's glyph taken for a digit): no evidence.
        Self.set(&p, line: 1, column: 43, [("0", 0.3), ("<", 0.69)])
        let weak = try #require(MRZDecoder.decode(p))
        #expect(MRZReader.passportEvidence(weak, schema: MRZSchema(format: weak.format), threshold: 0.5) == nil)
        #expect(!reader.reading(from: weak).isVerified)
    }

    @Test("a moved cell's reading is judged among the characters its position allows")
    func choiceWithinField() throws {
        let passport = MRZSchema(format: .mrp), card = MRZSchema(format: .td1)
        func reading(_ pairs: [(Character, Float)]) -> [Float] {
            var p = [[[Float]]](repeating: [[Float]](repeating: [], count: 1), count: 1)
            Self.set(&p, line: 0, column: 0, pairs)
            return p[0][0]
        }
        func character(_ k: Int) -> Character { Character(UnicodeScalar(MRZDecoder.alphabet[k])) }
        // A card's document code read mostly as a T, then an I: it decodes I, as the letter did.
        #expect(character(MRZDecoder.choice(reading([("T", 0.6), ("I", 0.3)]), line: 0, column: 0, schema: card)) == "I")
        // A passport-shaped line's first letter chooses between the passport and the visa.
        #expect(character(MRZDecoder.choice(reading([("V", 0.5), ("P", 0.4)]), line: 0, column: 0, schema: passport)) == "V")
        // A name's letter read as a 1 is the I the name allows; as an F, the F.
        #expect(character(MRZDecoder.choice(reading([("1", 0.7), ("I", 0.2)]), line: 0, column: 5, schema: passport)) == "I")
        #expect(character(MRZDecoder.choice(reading([("F", 0.7), ("E", 0.2)]), line: 0, column: 5, schema: passport)) == "F")
        // A date's digit read as an O is the 0 the date allows.
        #expect(character(MRZDecoder.choice(reading([("O", 0.7), ("0", 0.2)]), line: 1, column: 13, schema: passport)) == "0")
    }

    @Test("a position under a check digit is as sure as its share among the characters it allows")
    func checkedConfidence() throws {
        var p = Self.probabilities(Self.specimen)
        // Birth date "740812": the '0' split between 'O' and '0', a trace of '8'.
        Self.set(&p, line: 1, column: 15, [("O", 0.6), ("0", 0.38), ("8", 0.02)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.confidences[1][15] > 0.9)  // 0.38 of 0.408 (the digits, the trace and the floor)
        #expect(decoded.confidences[1][15] < 0.95)
    }

    @Test("an O in a name also takes 0's share; other forbidden look-alikes stay doubt")
    func unprotectedConfidence() throws {
        var p = Self.probabilities(Self.specimen)
        // Surname "ERIKSSON": the 'O' at line 1 column 12 split with '0'.
        Self.set(&p, line: 0, column: 11, [("0", 0.55), ("O", 0.44)])
        // Given name "ANNA": the 'N' at column 17 read mostly as a '1', which a name cannot hold.
        Self.set(&p, line: 0, column: 16, [("1", 0.9), ("N", 0.09)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.lines[0][11] == UInt8(ascii: "O"))
        #expect(decoded.confidences[0][11] > 0.98)
        #expect(decoded.lines[0][16] == UInt8(ascii: "N"))
        #expect(decoded.confidences[0][16] < 0.1)
    }

    @Test("a repair records where it changed a character and for which check")
    func repairRecorded() throws {
        var p = Self.probabilities(Self.specimen)
        Self.set(&p, line: 1, column: 1, [("B", 0.6), ("8", 0.35)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.repaired.map(\.position) == [[1, 1]])
        #expect(decoded.repaired.map(\.check) == ["idNumber"])
    }

    static let td2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]

    @Test("an unsure character changed to make its only check hold is uncertain; a second check vouches for it")
    func repairNeedsASecondCheck() throws {
        let reader = try MRZReader.bundled()
        var decoded = try #require(MRZDecoder.decode(Self.probabilities(Self.td2)))
        #expect(decoded.failedChecks.isEmpty)
        // Optional data (line 2, column 31): only the composite check covers it.
        decoded.confidences[1][30] = 0.3
        decoded.repaired = [([1, 30], "composite")]
        #expect(reader.reading(from: decoded).uncertainPositions == [MRZReading.Position(line: 2, column: 31)])
        // Document number (line 2, column 3): the composite covers it as well as its own check.
        decoded.confidences[1][30] = 0.98
        decoded.confidences[1][2] = 0.3
        decoded.repaired = [([1, 2], "idNumber")]
        #expect(reader.reading(from: decoded).uncertainPositions.isEmpty)
        #expect(reader.reading(from: decoded).isVerified)
    }

    @Test("a letter past the name's end or a country code that names no country is uncertain, however sure")
    func grammarOutsideTheChecks() throws {
        let reader = try MRZReader.bundled()
        let decoded = try #require(MRZDecoder.decode(Self.probabilities(Self.td2)))
        #expect(reader.reading(from: decoded).isVerified)
        // The two misreadings `eval mrz` found on blurred 1920×1080 photos, read with assurance
        // and passing every check: a filler read as X well after the given names, and DNK read as DNX.
        var stray = decoded
        stray.lines[0][33] = UInt8(ascii: "X")
        #expect(reader.reading(from: stray).uncertainPositions == [MRZReading.Position(line: 1, column: 34)])
        var country = decoded
        country.lines[0][2...4] = ArraySlice("DNX".utf8)
        country.confidences[0][4] = 0.67
        #expect(reader.reading(from: country).uncertainPositions == [MRZReading.Position(line: 1, column: 5)])
        #expect(!reader.reading(from: country).isVerified)
        country.lines[0][2...4] = ArraySlice("DNK".utf8)
        country.confidences[0][4] = 0.95
        #expect(reader.reading(from: country).isVerified)
    }

    @Test("a character no check digit covers must be surer than one a check covers")
    func unprotectedCharacters() throws {
        let reader = try MRZReader.bundled()
        let decoded = try #require(MRZDecoder.decode(Self.probabilities(Self.td2)))
        // A letter of the name (line 1, column 6) read at 0.87: the H of HASSAN read as an M
        // in a blurred photo was that sure, and no check would have caught it.
        var name = decoded
        name.confidences[0][5] = 0.87
        #expect(reader.reading(from: name).uncertainPositions == [MRZReading.Position(line: 1, column: 6)])
        #expect(!reader.reading(from: name).isVerified)
        // The same in the date of birth (line 2, column 14), which its check digit vouches for.
        var birth = decoded
        birth.confidences[1][13] = 0.87
        #expect(reader.reading(from: birth).isVerified)
        var lenient = reader
        lenient.unprotectedThreshold = 0.5
        #expect(lenient.reading(from: name).isVerified)
    }

    @Test("lines that fit no MRZ shape give nothing")
    func wrongShape() {
        #expect(MRZDecoder.decode(Self.probabilities(["P<UTO<<<<<"])) == nil)
        #expect(MRZDecoder.decode([]) == nil)
    }

    @Test("a rival the check digits cannot tell apart leaves the character blind", arguments: [
        // `C` (12) and `M` (22) at weight 3 in the document number: every check holds with either.
        ([(Character("C"), Float(0.8)), (Character("M"), Float(0.2))], true),
        // The same rival, but not a ninth as likely.
        ([(Character("C"), Float(0.95)), (Character("M"), Float(0.05))], false),
        // `G` (16) would change the check digit: the check tells them apart.
        ([(Character("C"), Float(0.7)), (Character("G"), Float(0.3))], false),
    ])
    func blind(pairs: [(Character, Float)], blind: Bool) throws {
        var p = Self.probabilities(Self.specimen)
        Self.set(&p, line: 1, column: 7, pairs)
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.failedChecks.isEmpty)
        #expect(decoded.blind.contains([1, 7]) == blind)
    }

    @Test("two rivals whose changes cancel in the weighted sum leave both characters blind")
    func blindPair() throws {
        var p = Self.probabilities(Self.specimen)
        // Document number "L898902C3": `8`→`9` at weight 3 adds 3, `9`→`6` at weight 1 takes 3 away.
        Self.set(&p, line: 1, column: 1, [("8", 0.6), ("9", 0.4)])
        Self.set(&p, line: 1, column: 2, [("9", 0.6), ("6", 0.4)])
        let decoded = try #require(MRZDecoder.decode(p))
        #expect(decoded.failedChecks.isEmpty)
        #expect(decoded.blind.contains([1, 1]) && decoded.blind.contains([1, 2]))
        // Unlikely together (0.1 × 0.1 against 0.9 × 0.9), the pair is vouched for.
        Self.set(&p, line: 1, column: 1, [("8", 0.9), ("9", 0.1)])
        Self.set(&p, line: 1, column: 2, [("9", 0.9), ("6", 0.1)])
        #expect(try #require(MRZDecoder.decode(p)).blind.isEmpty)
    }
}
