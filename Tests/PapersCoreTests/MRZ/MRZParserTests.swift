import PapersCore
import Testing

@Suite("MRZ parser")
struct MRZParserTests {
    let today = MRZSpecimens.today

    @Test("TD3 passport specimen")
    func td3() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td3, today: today)
        #expect(document.mrzData?.format == .mrp)
        #expect(document.documentCode == "P")
        #expect(document.selectedDocumentType == .passport)
        #expect(document.issuingCountry == "UTO")
        #expect(document.originatingCountry == "UTO")
        #expect(document.lastName == "ERIKSSON")
        #expect(document.firstName == "ANNA MARIA")
        #expect(document.idNumber == "L898902C3")
        #expect(document.dob == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(document.expiryDate == CalendarDate(year: 2012, month: 4, day: 15))
        #expect(document.gender == .female)
        #expect(document.personalNumber == "ZE184226B")
        #expect(document.extractionMethod == .mrz)
        #expect(document.mrzData?.allChecksValid == true)
        #expect(document.mrzData?.line1 == MRZSpecimens.td3[0])
        #expect(document.mrzData?.line3 == nil)
    }

    @Test("TD1 card specimen")
    func td1() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td1, today: today)
        #expect(document.mrzData?.format == .td1)
        #expect(document.selectedDocumentType == .identityCard)
        #expect(document.documentCode == "I")
        #expect(document.idNumber == "D23145890")
        #expect(document.lastName == "ERIKSSON")
        #expect(document.firstName == "ANNA MARIA")
        #expect(document.dob == CalendarDate(year: 1974, month: 8, day: 12))
        #expect(document.expiryDate == CalendarDate(year: 2012, month: 4, day: 15))
        #expect(document.optionalData1 == nil)
        #expect(document.mrzData?.allChecksValid == true)
        #expect(document.mrzData?.line3 == MRZSpecimens.td1[2])
    }

    @Test("TD2 card specimen")
    func td2() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td2, today: today)
        #expect(document.mrzData?.format == .td2)
        #expect(document.idNumber == "D23145890")
        #expect(document.firstName == "ANNA MARIA")
        #expect(document.mrzData?.allChecksValid == true)
    }

    @Test("MRV-A and MRV-B visas have no composite check digit")
    func visas() throws {
        for (lines, format) in [(MRZSpecimens.mrvA, MRZFormat.mrvA), (MRZSpecimens.mrvB, .mrvB)] {
            let document = try MRZParser.parse(lines: lines, today: today)
            #expect(document.mrzData?.format == format)
            #expect(document.selectedDocumentType == .visa)
            #expect(document.idNumber == "L8988901C")
            #expect(document.originatingCountry == "XXX")
            #expect(document.dob == CalendarDate(year: 1940, month: 9, day: 7))
            #expect(document.expiryDate == CalendarDate(year: 1996, month: 12, day: 10))
            #expect(document.mrzData?.allChecksValid == true)
        }
        let mrvA = try MRZParser.parse(lines: MRZSpecimens.mrvA, today: today)
        #expect(mrvA.optionalData2 == "6ZE184226B")
    }

    @Test("French national ID card (CNIS)")
    func cnis() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.cnis, today: today)
        #expect(document.mrzData?.format == .cnis)
        #expect(document.documentCode == "ID")
        #expect(document.issuingCountry == "FRA")
        #expect(document.idNumber == "970675K00277")
        #expect(document.lastName == "LOISEAU")
        #expect(document.firstName == "HERVE DJAMEL")
        #expect(document.dob == CalendarDate(year: 1973, month: 3, day: 21))
        #expect(document.gender == .male)
        #expect(document.expiryDate == nil)
        #expect(document.mrzData?.allChecksValid == true)

        let second = try MRZParser.parse(lines: MRZSpecimens.cnis2, today: today)
        #expect(second.idNumber == "050693202043")
        #expect(second.optionalData1 == "932013")
        #expect(second.dob == CalendarDate(year: 1929, month: 6, day: 20))
        #expect(second.mrzData?.allChecksValid == true)
    }

    @Test("TD1 document number longer than nine characters continues in the optional data")
    func td1LongNumber() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td1LongNumber, today: today)
        #expect(document.idNumber == "D23145890734")
        #expect(document.mrzData?.idNumberValid == true)
        #expect(document.mrzData?.compositeValid == true)
        #expect(document.optionalData1 == nil)
        #expect(document.lastName == "STEVENSON")
        #expect(document.firstName == "PETER JOHN")
    }

    @Test("US passport card: TD1 optional data")
    func passportCard() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td1PassportCard, today: today)
        #expect(document.idNumber == "C03004964")
        #expect(document.documentCode == "IP")
        #expect(document.optionalData1 == "<<10<30<B22<498")
        #expect(document.optionalData2 == "<<075405229")
        #expect(document.lastName == "TRAVELER")
        #expect(document.firstName == "HAPPY")
        #expect(document.mrzData?.idNumberValid == true)
        #expect(document.mrzData?.dobValid == true)
        #expect(document.mrzData?.expiryDateValid == true)
    }

    @Test("unknown expiry date: fillers with check digit 0")
    func unknownExpiry() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.td1NoExpiry, today: today)
        #expect(document.expiryDate == nil)
        #expect(document.mrzData?.expiryDateValid == true)
    }

    @Test("Germany's D<< reads as D; a < personal number check over fillers is valid")
    func germany() throws {
        let document = try MRZParser.parse(lines: MRZSpecimens.germanPassport, today: today)
        #expect(document.issuingCountry == "D")
        #expect(document.originatingCountry == "D")
        #expect(Country(alpha3: "D")?.isoAlpha3 == "DEU")
        #expect(document.personalNumber == nil)
        #expect(document.mrzData?.personalNumberValid == true)
        #expect(document.mrzData?.allChecksValid == true)
        #expect(document.expiryDate == CalendarDate(year: 2027, month: 2, day: 28))
    }

    @Test("a failed check digit is a flag, not an error", arguments: [
        (9, "idNumberValid"), (19, "dobValid"), (27, "expiryDateValid"), (42, "personalNumberValid"), (43, "compositeValid"),
    ])
    func failedCheckDigit(column: Int, flag: String) throws {
        var line = Array(MRZSpecimens.td3[1])
        line[column] = line[column] == "1" ? "2" : "1"
        let document = try MRZParser.parse(lines: [MRZSpecimens.td3[0], String(line)], today: today)
        let mrz = try #require(document.mrzData)
        let flags = ["idNumberValid": mrz.idNumberValid, "dobValid": mrz.dobValid, "expiryDateValid": mrz.expiryDateValid,
                     "personalNumberValid": mrz.personalNumberValid, "compositeValid": mrz.compositeValid]
        #expect(flags[flag] == false)
        #expect(flags.filter { !$0.value }.keys.sorted() == (flag == "compositeValid" ? [flag] : [flag, "compositeValid"].sorted()))
    }

    @Test("names: no secondary identifier, truncated names")
    func names() throws {
        var document = DocumentData()
        document.lastName = "ONEWORDNAME"
        document.idNumber = "X1234567"
        let single = try MRZParser.parse(lines: MRZGenerator.lines(for: document, format: .mrp), today: today)
        #expect(single.lastName == "ONEWORDNAME")
        #expect(single.firstName == nil)

        document.lastName = "WOLFESCHLEGELSTEINHAUSENBERGERDORFF"
        document.firstName = "HUBERT BLAINE"
        let long = try MRZParser.parse(lines: MRZGenerator.lines(for: document, format: .td2), today: today)
        #expect(long.lastName == "WOLFESCHLEGELSTEINHAUSENBERGERD")
        #expect(long.firstName == nil)
        #expect(long.mrzData?.line1.count == 36)
    }

    @Test("two-digit years: births never in the future, expiries in the 2030s are 20xx")
    func centuries() {
        #expect(MRZDates.birthDate(yy: 26, month: 11, day: 23, today: today)?.year == 2026)
        #expect(MRZDates.birthDate(yy: 26, month: 11, day: 24, today: today)?.year == 1926)
        #expect(MRZDates.birthDate(yy: 5, month: 1, day: 1, today: today)?.year == 2005)
        #expect(MRZDates.expiryDate(yy: 35, month: 6, day: 1, today: today)?.year == 2035)
        #expect(MRZDates.expiryDate(yy: 12, month: 4, day: 15, today: today)?.year == 2012)
        #expect(MRZDates.expiryDate(yy: 99, month: 12, day: 31, today: today)?.year == 1999)
        #expect(MRZDates.birthDate(yy: 23, month: 2, day: 29, today: today) == nil)
    }

    @Test("sex: M, F, < and X")
    func sex() throws {
        for (character, gender) in [("M", Gender.male), ("F", .female), ("<", .unspecified), ("X", .unspecified)] {
            var line = Array(MRZSpecimens.td3[1])
            line[20] = Character(character)
            let document = try MRZParser.parse(lines: [MRZSpecimens.td3[0], String(line)], today: today)
            #expect(document.gender == gender)
        }
    }

    @Test("text input: blank lines and surrounding spaces are ignored")
    func text() throws {
        let text = "\n   \(MRZSpecimens.td3[0])  \n\n\t\(MRZSpecimens.td3[1])\r\n\n"
        let document = try MRZParser.parse(text: text, today: today)
        #expect(document.idNumber == "L898902C3")
    }
}
