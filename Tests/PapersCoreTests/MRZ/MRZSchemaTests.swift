import PapersCore
import Testing

@Suite("MRZ schema")
struct MRZSchemaTests {
    @Test("TD3 positions carry their field's class")
    func td3Classes() {
        let schema = MRZSchema(format: .mrp)
        #expect(schema.classes.count == 2 && schema.classes.allSatisfy { $0.count == 44 })
        #expect(schema.classes[0][0] == .letter)          // document code
        #expect(schema.classes[0][10] == .letter)         // names
        #expect(schema.classes[1][0] == .any)             // document number
        #expect(schema.classes[1][9] == .digit)           // its check digit
        #expect(schema.classes[1][13] == .digit)          // birth date
        #expect(schema.classes[1][20] == .letter)         // sex
        #expect(schema.classes[1][42] == .digitOrFiller)  // personal number check
        #expect(schema.classes[1][43] == .digit)          // composite
    }

    @Test("the checks hold on the ICAO specimens and fail when a covered character changes", arguments: MRZFormat.allCases)
    func checks(format: MRZFormat) throws {
        var document = DocumentData()
        document.documentCode = format == .mrp ? "P" : (format == .mrvA || format == .mrvB) ? "V" : "I"
        document.issuingCountry = "UTO"
        document.originatingCountry = "UTO"
        document.lastName = "ERIKSSON"
        document.firstName = "ANNA"
        document.idNumber = "L898902C3"
        document.dob = CalendarDate(year: 1974, month: 8, day: 12)
        document.expiryDate = CalendarDate(year: 2032, month: 4, day: 15)
        document.gender = .female
        guard format != .cnis else { return }
        let lines = try MRZGenerator.lines(for: document, format: format).map { Array($0.utf8) }
        let schema = MRZSchema(format: format)
        #expect(!schema.checks.isEmpty)
        for check in schema.checks {
            #expect(schema.holds(check, in: lines), "\(check.name)")
            var broken = lines
            let run = check.covers[0]
            let column = run.range.lowerBound + 2
            broken[run.line][column] = broken[run.line][column] == UInt8(ascii: "7") ? UInt8(ascii: "3") : UInt8(ascii: "7")
            #expect(!schema.holds(check, in: broken), "\(check.name) must fail after a change")
        }
    }

    @Test("a letter after the secondary identifier's closing fillers is past the name's end")
    func lettersPastNameEnd() {
        let schema = MRZSchema(format: .mrvA)
        func line1(_ name: String) -> [[UInt8]] {
            let text = "V<UTO" + name + String(repeating: "<", count: max(0, 39 - name.count))
            return [Array(text.utf8), Array(String(repeating: "<", count: 44).utf8)]
        }
        // The misreading eval mrz found: a filler read as X well after the given name.
        #expect(schema.lettersPastNameEnd(in: line1("MUSTERMANN<<IFEOMA<<<<<<<<<<<<<<<<<<X")) == [41])
        #expect(schema.lettersPastNameEnd(in: line1("MUSTERMANN<<IFEOMA<<<<<<<<<<<<<<<<<<<")).isEmpty)
        // Components of either identifier are joined by single fillers; a long surname may fill the field.
        #expect(schema.lettersPastNameEnd(in: line1("VAN<DER<BERG<<ANNA<MARIA")).isEmpty)
        #expect(schema.lettersPastNameEnd(in: line1("<<ANNA<<B<<C")) == [13, 16])
        #expect(schema.lettersPastNameEnd(in: line1(String(repeating: "A", count: 39))).isEmpty)
        // CNIS: the surname field holds the surname alone.
        let cnis = MRZSchema(format: .cnis)
        let surname = Array(("IDFRA" + "DUPONT<<<<<<<<<<<<<<<<<<<" + "<<<<<<").utf8)
        var stray = surname
        stray[5 + 10] = UInt8(ascii: "X")
        #expect(cnis.lettersPastNameEnd(in: [surname, surname]).isEmpty)
        #expect(cnis.lettersPastNameEnd(in: [stray, surname]) == [15])
    }

    @Test("the checked positions are what the holding checks read, digits included")
    func checkedPositions() {
        let schema = MRZSchema(format: .mrp)
        let all = schema.checkedPositions()
        #expect(all.contains([1, 0]) && all.contains([1, 9]) && all.contains([1, 43]))  // number, its digit, composite
        #expect(!all.contains([0, 5]) && !all.contains([1, 10]) && !all.contains([1, 20]))  // name, nationality, sex
        let withoutComposite = schema.checkedPositions(excluding: ["composite"])
        #expect(!withoutComposite.contains([1, 43]) && withoutComposite.contains([1, 0]))
        #expect(schema.checkedPositions(excluding: schema.checks.map(\.name)).isEmpty)
    }
}
