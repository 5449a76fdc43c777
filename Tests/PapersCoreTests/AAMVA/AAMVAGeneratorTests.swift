import PapersCore
import Testing

/// Generated payloads are laid out as the standard says and parse back to exactly the card given.
@Suite("AAMVA generator")
struct AAMVAGeneratorTests {
    static let surnames = ["SMITH", "O'NEILL", "VAN DER BERG", "GARCIA-LOPEZ", "NGUYEN", "WOJCIECHOWSKI", "LI"]
    static let givenNames = ["JOHN", "MARIA", "THI", "SEAN", "AMIRA", "KRZYSZTOF", "JO"]
    static let middleNames: [String?] = [nil, "PATRICK", "ANNE MARIE", "Q"]
    static let streets = ["2300 WEST BROAD STREET", "1 MAIN ST", "45-B ELM AVE APT 12", "PO BOX 77"]
    static let cities = ["RICHMOND", "SPRINGFIELD", "ST. JOHN'S", "LAS VEGAS", "OTTAWA"]
    static let canadianCodes = ["T4G 7A7", "K1A 0B1", "M5V3L9"]

    /// A made-up card drawn from `seed`: US or Canadian, licence or ID card, with or without the optional parts.
    static func card(seed: UInt64) -> (AAMVACard, AAMVAGenerator) {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ list: [T]) -> T { list.randomElement(using: &random)! }
        func date(_ years: ClosedRange<Int>) -> CalendarDate {
            let year = Int.random(in: years, using: &random), month = Int.random(in: 1...12, using: &random)
            return CalendarDate(year: year, month: month, day: Int.random(in: 1...CalendarDate.daysIn(month: month, year: year), using: &random))!
        }
        let jurisdiction = pick(AAMVAJurisdiction.all)
        let digits = { (count: Int) in String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) }) }
        let postalCode = jurisdiction.country == "CAN" ? pick(canadianCodes) : digits(Bool.random(using: &random) ? 5 : 9)
        var card = AAMVACard(
            jurisdiction: jurisdiction, idNumber: pick(["T", "A", "", "S-"]) + digits(Int.random(in: 7...12, using: &random)),
            lastName: pick(surnames), firstName: pick(givenNames), middleName: pick(middleNames),
            dateOfBirth: date(1930...2008), issueDate: date(2016...2024), expiryDate: date(2024...2034),
            sex: pick(Gender.allCases),
            height: Bool.random(using: &random) ? AAMVAHeight(value: Int.random(in: 58...78, using: &random), unit: .inches)
                : AAMVAHeight(value: Int.random(in: 150...199, using: &random), unit: .centimeters),
            eyeColor: pick(AAMVAEyeColor.allCases), street1: pick(streets), city: pick(cities),
            postalCode: postalCode, documentDiscriminator: digits(Int.random(in: 10...25, using: &random))
        )
        if Bool.random(using: &random) { card.documentType = .identificationCard }
        if Bool.random(using: &random) { card.suffix = pick(["JR", "SR", "III"]) }
        if Bool.random(using: &random) { card.street2 = "APT \(Int.random(in: 1...999, using: &random))" }
        if Bool.random(using: &random) { card.vehicleClass = pick(["D", "CM", "A"]); card.restrictions = "B"; card.endorsements = "PH" }
        if Bool.random(using: &random) { card.jurisdictionElements = [card.jurisdictionDesignator + "A": digits(4), card.jurisdictionDesignator + "B": "X"] }
        let generator = AAMVAGenerator(version: pick([8, 9, 10]), jurisdictionVersion: Int.random(in: 0...99, using: &random))
        return (card, generator)
    }

    @Test("payloads parse back to exactly the card given", arguments: Array(UInt64(1)...40))
    func roundTrip(seed: UInt64) throws {
        let (card, generator) = Self.card(seed: seed)
        let payload = try generator.payload(for: card)
        let document = try AAMVAParser.parse(payload)

        #expect(document.fileType == "ANSI ")
        #expect(document.issuerIdentificationNumber == card.jurisdiction.issuerIdentificationNumber)
        #expect(document.aamvaVersion == generator.version)
        #expect(document.jurisdictionVersion == generator.jurisdictionVersion)
        #expect(document.jurisdiction == card.jurisdiction.code)
        #expect(document.country == card.jurisdiction.country)
        #expect(document.documentType == card.documentType)
        #expect(document.names.last == card.lastName)
        #expect(document.names.first == card.firstName)
        #expect(document.names.middle == card.middleName)
        #expect(document.names.suffix == card.suffix)
        #expect(document.names.lastTruncation == .notTruncated)
        #expect(document.names.firstTruncation == .notTruncated)
        #expect(document.names.middleTruncation == .notTruncated)
        #expect(document.dates.birth == card.dateOfBirth)
        #expect(document.dates.issue == card.issueDate)
        #expect(document.dates.expiry == card.expiryDate)
        #expect(document.sex == card.sex)
        #expect(document.height == card.height)
        #expect(document.eyeColor == card.eyeColor)
        #expect(document.address.street1 == card.street1)
        #expect(document.address.street2 == card.street2)
        #expect(document.address.city == card.city)
        #expect(document.address.jurisdictionCode == card.jurisdiction.code)
        let expectedPostal = card.postalCode.uppercased().filter { $0.isLetter || $0.isNumber }
        #expect(document.address.postalCode?.normalized == expectedPostal)
        #expect(document.idNumber == card.idNumber)
        #expect(document.documentDiscriminator == card.documentDiscriminator)
        if card.documentType == .driverLicense {
            #expect(document.vehicleClass == card.vehicleClass)
            #expect(document.restrictions == card.restrictions)
            #expect(document.endorsements == card.endorsements)
        } else {
            #expect(document.vehicleClass == nil)
        }
        #expect(document.elements[card.jurisdictionDesignator] == (card.jurisdictionElements.isEmpty ? nil : card.jurisdictionElements))
        let data = document.documentData
        #expect(data.lastName == card.lastName && data.dob == card.dateOfBirth && data.gender == card.sex)
    }

    @Test("the header, directory and subfiles are laid out byte for byte", arguments: Array(UInt64(1)...10))
    func layout(seed: UInt64) throws {
        let (card, generator) = Self.card(seed: seed)
        let payload = try generator.payload(for: card)
        let header = try AAMVAParser.parseHeader(payload)
        #expect(Array(payload.prefix(9)) == Array("@\n\u{1E}\rANSI ".utf8))
        #expect(header.numberOfEntries == (card.jurisdictionElements.isEmpty ? 1 : 2))
        #expect(header.subfiles.count == header.numberOfEntries)
        #expect(header.subfiles.first?.designator == card.documentType.rawValue)
        // The first subfile starts right after the directory; each follows the last; the last ends the payload.
        var expectedOffset = 21 + 10 * header.subfiles.count
        for subfile in header.subfiles {
            let offset = try #require(subfile.offset), length = try #require(subfile.length)
            #expect(offset == expectedOffset)
            #expect(Array(payload[offset..<(offset + 2)]) == Array(subfile.designator.utf8))
            #expect(payload[offset + length - 1] == 0x0D, "a subfile ends with the segment terminator")
            #expect(!payload[(offset + 2)..<(offset + length - 1)].contains(0x0D))
            expectedOffset = offset + length
        }
        #expect(expectedOffset == payload.count)
        // Every element of the document subfile but the last is ended by LF.
        let document = header.subfiles[0]
        let body = payload[(document.offset! + 2)..<(document.offset! + document.length! - 1)]
        let elements = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(elements.allSatisfy { $0.count >= 4 })
        let ids = elements.map { String(decoding: $0.prefix(3), as: UTF8.self) }
        let mandatory = ["DBA", "DCS", "DAC", "DAD", "DBD", "DBB", "DBC", "DAY", "DAU", "DAG", "DAI", "DAJ", "DAK", "DAQ", "DCF", "DCG", "DDE", "DDF", "DDG"]
        #expect(Set(mandatory).isSubset(of: Set(ids)))
        #expect(ids.contains("DCA") == (card.documentType == .driverLicense))
    }

    @Test("US dates are MMDDCCYY, Canadian ones CCYYMMDD; a 5-digit ZIP gets 0000")
    func dateOrder() throws {
        let (base, generator) = Self.card(seed: 3)
        var card = base
        card.dateOfBirth = CalendarDate(year: 1986, month: 6, day: 21)!
        card.jurisdiction = AAMVAJurisdiction(code: "VA")!
        card.postalCode = "23269"
        let us = String(decoding: try generator.payload(for: card), as: UTF8.self)
        #expect(us.contains("\nDBB06211986\n"))
        #expect(us.contains("\nDAK232690000  \n"))
        card.jurisdiction = AAMVAJurisdiction(code: "ON")!
        card.postalCode = "K1A 0B1"
        let canadian = String(decoding: try generator.payload(for: card), as: UTF8.self)
        #expect(canadian.contains("\nDBB19860621\n"))
        #expect(canadian.contains("\nDAKK1A 0B1    \n"))
    }

    @Test("names longer than 40 characters are cut and flagged")
    func truncation() throws {
        var (card, generator) = Self.card(seed: 5)
        card.lastName = String(repeating: "ABCDEFGHIJ", count: 5)
        let document = try AAMVAParser.parse(try generator.payload(for: card))
        #expect(document.names.last == String(card.lastName.prefix(40)))
        #expect(document.names.lastTruncation == .truncated)
        #expect(document.names.firstTruncation == .notTruncated)
    }

    /// The element an unencodable card is refused for, or `nil` when it encodes.
    func refusal(_ change: (inout AAMVACard, inout AAMVAGenerator) -> Void) -> (AAMVAError.Code, String?)? {
        var (card, generator) = Self.card(seed: 11)
        change(&card, &generator)
        do {
            _ = try generator.payload(for: card)
            return nil
        } catch {
            #expect(!error.description.contains(card.firstName), "the error never carries the data")
            return (error.code, error.element)
        }
    }

    @Test("values that cannot be written are refused with the element named, never the data")
    func refusals() {
        #expect(refusal { _, _ in } == nil)
        #expect(refusal { card, _ in card.firstName = "JOSÉ" }.map { $0.1 } == "DAC")
        #expect(refusal { card, _ in card.city = "LLANFAIRPWLLGWYNGYLLGOGERY" }.map { $0.1 } == "DAI")
        #expect(refusal { card, _ in card.street1 = "1 MAIN\nST" }.map { $0.1 } == "DAG")
        #expect(refusal { card, _ in card.idNumber = "" }.map { $0.1 } == "DAQ")
        #expect(refusal { card, _ in card.jurisdiction = AAMVAJurisdiction(code: "TX")!; card.postalCode = "7870" }.map { $0.1 } == "DAK")
        #expect(refusal { card, _ in card.height = AAMVAHeight(value: 0, unit: .inches) }.map { $0.1 } == "DAU")
        #expect(refusal { card, _ in card.jurisdictionElements = ["DAQ": "1"] }.map { $0.1 } == "jurisdictionElements")
        #expect(refusal { _, generator in generator.version = 11 }.map { $0.1 } == "version")
        #expect(refusal { _, generator in generator.jurisdictionVersion = 100 }.map { $0.1 } == "jurisdictionVersion")
        #expect(refusal { card, _ in card.firstName = "JOSÉ" }.map { $0.0 } == .unencodableElement)
        let error = AAMVAError(code: .unencodableElement, element: "DAC")
        #expect(error.description.hasPrefix("AAMVA_UNENCODABLE_ELEMENT"))
        #expect(error.description.contains("DAC"))
    }
}
