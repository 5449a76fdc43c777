import PapersCore
import Testing

@Suite("MRZ generator and corrector")
struct MRZGeneratorTests {
    let today = MRZSpecimens.today

    static let formats: [MRZFormat] = MRZFormat.allCases

    func sample(_ format: MRZFormat, seed: Int) -> DocumentData {
        var document = DocumentData()
        let surnames = ["ERIKSSON", "O'NEILL", "MÜLLER-LÜDENSCHEIDT", "NGUYEN", "DE LA CRUZ"]
        let givens = ["ANNA MARIA", "JOSÉ", "LI", "JEAN-PIERRE", "AMELIA VANESSA"]
        document.lastName = surnames[seed % surnames.count]
        document.firstName = givens[(seed / 2) % givens.count]
        document.idNumber = format == .cnis ? "97067\(seed % 10)K00277" : "X\(1_000_000 + seed * 7_919)"
        document.issuingCountry = format == .cnis ? "FRA" : ["UTO", "D", "FRA", "GBR"][seed % 4]
        document.originatingCountry = ["UTO", "D", "CAN", "GBD"][seed % 4]
        document.dob = CalendarDate(year: 1940 + seed % 80, month: 1 + seed % 12, day: 1 + seed % 28)
        document.expiryDate = format == .cnis ? nil : CalendarDate(year: 2027 + seed % 20, month: 1 + seed % 12, day: 1 + seed % 28)
        document.gender = [Gender.male, .female, .unspecified][seed % 3]
        if format == .mrp { document.personalNumber = seed % 2 == 0 ? "ZE184226B" : nil }
        if format == .td1 { document.optionalData2 = "AB\(seed)" }
        return document
    }

    @Test("generate → parse round trip", arguments: formats)
    func roundTrip(format: MRZFormat) throws {
        for seed in 0..<40 {
            let original = sample(format, seed: seed)
            let lines = try MRZGenerator.lines(for: original, format: format)
            #expect(lines.count == format.lineCount)
            #expect(lines.allSatisfy { $0.count == format.lineLength })
            let parsed = try MRZParser.parse(lines: lines, today: today)
            #expect(parsed.mrzData?.format == format)
            #expect(parsed.mrzData?.allChecksValid == true)
            #expect(parsed.idNumber == original.idNumber)
            #expect(parsed.dob == original.dob)
            #expect(parsed.expiryDate == original.expiryDate)
            #expect(parsed.gender == original.gender)
            #expect(parsed.issuingCountry == original.issuingCountry)
            #expect(parsed.personalNumber == original.personalNumber)
            #expect(parsed.lastName?.contains("<") == false)
            if format != .cnis { #expect(parsed.originatingCountry == original.originatingCountry) }
        }
    }

    @Test("names are transliterated: accents dropped, apostrophes removed, hyphens become spaces")
    func transliteration() throws {
        var document = DocumentData()
        document.lastName = "O'Néill-Müller"
        document.firstName = "José"
        let lines = try MRZGenerator.lines(for: document, format: .mrp)
        #expect(lines[0].hasPrefix("P<<<<ONEILL<MULLER<<JOSE<"))
        let parsed = try MRZParser.parse(lines: lines, today: today)
        #expect(parsed.lastName == "ONEILL MULLER")
        #expect(parsed.firstName == "JOSE")
    }

    @Test("TD1 and TD2 numbers longer than nine characters overflow", arguments: [MRZFormat.td1, .td2])
    func longNumbers(format: MRZFormat) throws {
        var document = DocumentData()
        document.idNumber = "D23145890734"
        document.lastName = "STEVENSON"
        let lines = try MRZGenerator.lines(for: document, format: format)
        let parsed = try MRZParser.parse(lines: lines, today: today)
        #expect(parsed.idNumber == "D23145890734")
        #expect(parsed.mrzData?.allChecksValid == true)
        if format == .td1 { #expect(lines[0] == "I<<<<D23145890<7349<<<<<<<<<<<") }
    }

    @Test("a value that does not fit is a typed error naming the field")
    func unencodable() {
        var document = DocumentData()
        document.idNumber = String(repeating: "9", count: 30)
        #expect(throws: MRZError(code: .unencodableField, field: "idNumber")) {
            try MRZGenerator.lines(for: document, format: .mrp)
        }
    }

    @Test("OCR confusions in digit-only fields are undone when the check digits hold")
    func correction() throws {
        let line = Array("L898902C36UTO74O8I22F12O4I59ZE184226B<<<<<1O")
        let result = try MRZCorrector.correct(lines: [MRZSpecimens.td3[0], String(line)])
        #expect(result.lines == MRZSpecimens.td3)
        #expect(result.changes.count == 5)
        #expect(result.changes.first == MRZCorrector.Change(line: 2, position: 16, from: "O", to: "0"))
    }

    @Test("a correction that the check digit does not confirm is refused")
    func refusedCorrection() throws {
        // 'B' in the birth date maps to 8, but 748812 fails the check digit 2: nothing changes.
        let line = "L898902C36UTO74B8122F1204159ZE184226B<<<<<10"
        let result = try MRZCorrector.correct(lines: [MRZSpecimens.td3[0], line])
        #expect(result.changes.isEmpty)
        #expect(result.lines[1] == line)
    }

    @Test("country codes: digits read for letters are mapped back only to known codes")
    func countryCorrection() throws {
        let line1 = "P<UT0ERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
        let result = try MRZCorrector.correct(lines: [line1, MRZSpecimens.td3[1]])
        #expect(result.lines == MRZSpecimens.td3)
    }
}
