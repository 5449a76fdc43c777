import PapersCore
import PapersImaging

/// A made-up North American driving licence for synthetic licence backs: random but plausible
/// holder, address, numbers and dates, and the AAMVA payload they give (written by PapersCore's
/// generator, so it parses back to the same card). No real person's data.
public struct SyntheticLicence: Sendable, Hashable {
    /// The card's data.
    public let card: AAMVACard
    /// The generator settings (AAMVA version 8 or 10, jurisdiction version).
    public let generator: AAMVAGenerator
    /// The PDF417 payload: the bytes the barcode on the back encodes.
    public let payload: [UInt8]

    static let streetNames = [
        "WEST BROAD STREET", "MAIN ST", "ELM AVE", "LAKESHORE BLVD", "OAK RIDGE RD", "MARKET STREET", "PINE CT",
        "COLLEGE AVE", "RIVERSIDE DR", "N 7TH ST", "MAPLE LANE", "HIGHWAY 61", "SUNSET BLVD", "KING ST W",
    ]
    static let cities = [
        "RICHMOND", "SPRINGFIELD", "AUSTIN", "DENVER", "PORTLAND", "COLUMBUS", "ALBANY", "TACOMA", "MADISON",
        "ST. PAUL", "LAS VEGAS", "TORONTO", "CALGARY", "HALIFAX", "BOISE", "TALLAHASSEE", "ANN ARBOR",
    ]
    static let middleNames = ["LEE", "MARIE", "JAMES", "ANN", "RAY", "JO", "ELIZABETH", "MICHAEL"]
    static let suffixes = ["JR", "SR", "II", "III"]
    static let classes = [("C", "NONE", "NONE"), ("D", "B", "NONE"), ("CM", "NONE", "M"), ("A", "1", "H"), ("C", "B", "PH")]

    /// A random licence.
    public init(random: inout SeededRandom) {
        func pick<T>(_ list: [T]) -> T { list[Int(random.uniform(0...0.999_999) * Double(list.count))] }
        func int(_ range: ClosedRange<Int>) -> Int { Int(random.uniform(Double(range.lowerBound)...Double(range.upperBound) + 0.999)) }
        func date(_ years: ClosedRange<Int>) -> CalendarDate {
            let year = int(years), month = int(1...12)
            return CalendarDate(year: year, month: month, day: int(1...CalendarDate.daysIn(month: month, year: year)))!
        }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(int(0...9))) }) }
        let letters = Array("ABCDEFGHJKLMNPRSTVWXYZ")

        // Mostly US issuers, about one in seven Canadian.
        let country = random.chance(0.85) ? "USA" : "CAN"
        let jurisdiction = pick(AAMVAJurisdiction.all.filter { $0.country == country })
        let canadian = jurisdiction.country == "CAN"
        let given = pick(SyntheticIdentity.givenNames).split(separator: " ").map(String.init)
        let issue = date(2016...2025)
        let years = int(4...8)
        let expiry = CalendarDate(year: issue.year + years, month: issue.month,
                                  day: min(issue.day, CalendarDate.daysIn(month: issue.month, year: issue.year + years)))!
        let postalCode = canadian
            ? "\(pick(letters))\(int(0...9))\(pick(letters)) \(int(0...9))\(pick(letters))\(int(0...9))"
            : digits(random.chance(0.6) ? 5 : 9)
        let idNumber = random.chance(0.5) ? String(pick(letters)) + digits(int(7...12)) : digits(int(8...9))
        var card = AAMVACard(
            jurisdiction: jurisdiction, idNumber: idNumber,
            lastName: pick(SyntheticIdentity.surnames), firstName: given[0],
            middleName: given.count > 1 ? given[1...].joined(separator: " ") : random.chance(0.6) ? pick(Self.middleNames) : nil,
            dateOfBirth: date(1940...2006), issueDate: issue, expiryDate: expiry,
            sex: pick([Gender.male, .female, .female, .male, .unspecified]),
            height: canadian ? AAMVAHeight(value: int(150...198), unit: .centimeters) : AAMVAHeight(value: int(58...78), unit: .inches),
            eyeColor: pick([AAMVAEyeColor.brown, .blue, .green, .hazel, .gray, .black]),
            street1: "\(int(1...9999)) \(pick(Self.streetNames))", city: pick(Self.cities),
            postalCode: postalCode, documentDiscriminator: digits(int(12...25))
        )
        if random.chance(0.1) { card.suffix = pick(Self.suffixes) }
        if random.chance(0.2) { card.street2 = "APT \(int(1...999))" }
        (card.vehicleClass, card.restrictions, card.endorsements) = pick(Self.classes)
        if random.chance(0.6) {
            card.jurisdictionElements = [card.jurisdictionDesignator + "A": digits(int(2...8))]
            if random.chance(0.5) { card.jurisdictionElements[card.jurisdictionDesignator + "B"] = pick(["Y", "N", "DUPLICATE", "0"]) }
        }
        let generator = AAMVAGenerator(version: random.chance(0.5) ? 10 : 8, jurisdictionVersion: int(0...9))
        self.card = card
        self.generator = generator
        // Every value above is short printable ASCII, so the generator cannot refuse it.
        payload = try! generator.payload(for: card)
    }
}
