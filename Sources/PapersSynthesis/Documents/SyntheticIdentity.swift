import PapersCore
import PapersImaging

/// A made-up holder and document for synthetic photos: random but plausible names, numbers,
/// dates and countries, and the MRZ they give (written by PapersCore's generator, so every check
/// digit is right). No real person's data.
public struct SyntheticIdentity: Sendable, Hashable {
    /// The document's data as the MRZ carries it.
    public let document: DocumentData
    /// The MRZ format printed.
    public let format: MRZFormat
    /// The MRZ lines printed on the document.
    public let mrzLines: [String]

    static let surnames = [
        "ERIKSSON", "MUSTERMANN", "SMITH", "GARCIA", "NGUYEN", "OKAFOR", "KOWALSKA", "TANAKA", "DUBOIS", "ROSSI",
        "VAN DER BERG", "O'NEILL", "MARTINEZ LOPEZ", "SCHMIDT", "HASSAN", "PETROVA", "JOHANSSON", "SILVA", "KIM", "MBEKI",
        "FITZGERALD", "WOJCIECHOWSKI", "ABERNATHY", "LI", "QUINTERO", "ZIMMERMANN", "BJORKLUND", "ADEYEMI", "XU", "YILMAZ",
    ]
    static let givenNames = [
        "ANNA MARIA", "JOHN", "MARIA", "THI MAI", "CHIDI", "ZOFIA", "HIROSHI", "CAMILLE", "GIULIA", "JAN WILLEM",
        "SEAN PATRICK", "LUCIA", "KLAUS", "AMIRA", "OLGA", "SVEN", "JOAO", "MIN JUN", "THABO", "EMMA", "QUENTIN",
        "KRZYSZTOF", "VIOLET", "WEI", "XIMENA", "YUSUF", "BEATRIZ", "IFEOMA", "ZHANG", "ELIF",
    ]
    static let countries = [
        "UTO", "D", "FRA", "GBR", "USA", "NLD", "ITA", "ESP", "POL", "SWE", "JPN", "KOR", "NGA", "ZAF", "BRA", "CAN",
        "AUS", "IND", "TUR", "MEX", "CHE", "AUT", "BEL", "PRT", "IRL", "NOR", "FIN", "DNK", "GRC", "CZE",
    ]
    static let numberCharacters = Array("0123456789ABCDEFGHJKLMNPRSTUVWXYZ".utf8)

    /// A random identity for `format`.
    public init(format: MRZFormat, random: inout SeededRandom) {
        func pick<T>(_ list: [T]) -> T { list[Int(random.uniform(0...0.999_999) * Double(list.count))] }
        func date(_ years: ClosedRange<Int>) -> CalendarDate {
            let year = Int(random.uniform(Double(years.lowerBound)...Double(years.upperBound) + 0.999))
            let month = Int(random.uniform(1...12.999))
            let day = Int(random.uniform(1...Double(CalendarDate.daysIn(month: month, year: year)) + 0.999))
            return CalendarDate(year: year, month: month, day: day)!
        }
        var document = DocumentData(extractionMethod: .mrz)
        let issuer = pick(Self.countries)
        switch format {
        case .mrp: document.documentCode = "P"
        case .td1, .td2: document.documentCode = random.chance(0.5) ? "ID" : "I"
        case .mrvA, .mrvB: document.documentCode = "V"
        case .cnis: document.documentCode = "ID"
        }
        document.issuingCountry = issuer
        document.originatingCountry = random.chance(0.8) ? issuer : pick(Self.countries)
        document.lastName = pick(Self.surnames)
        document.firstName = pick(Self.givenNames)
        let length = Int(random.uniform(8...9.999))
        document.idNumber = String(decoding: (0..<length).map { _ in pick(Self.numberCharacters) }, as: UTF8.self)
        document.dob = date(1940...2008)
        document.expiryDate = date(2020...2036)
        document.gender = pick([Gender.male, .female, .female, .male, .unspecified])
        if format == .mrp, random.chance(0.5) {
            document.personalNumber = String(decoding: (0..<Int(random.uniform(6...14.999))).map { _ in pick(Self.numberCharacters) }, as: UTF8.self)
        }
        if format == .td1, random.chance(0.4) {
            document.optionalData1 = String(decoding: (0..<Int(random.uniform(3...10.999))).map { _ in pick(Self.numberCharacters) }, as: UTF8.self)
        }
        self.format = format
        self.document = document
        // The lists hold only names and numbers the generator can write.
        self.mrzLines = try! MRZGenerator.lines(for: document, format: format)
    }
}
