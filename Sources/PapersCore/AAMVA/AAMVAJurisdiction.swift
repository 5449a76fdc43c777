/// A US or Canadian card issuer with its AAMVA issuer identification number (IIN).
public struct AAMVAJurisdiction: Sendable, Hashable, Codable {
    /// The two-letter code: USPS for the US, Canada Post for Canada (`"VA"`, `"ON"`).
    public let code: String
    /// The jurisdiction's name.
    public let name: String
    /// `"USA"` or `"CAN"`.
    public let country: String
    /// The six-digit IIN.
    public let issuerIdentificationNumber: String

    /// The jurisdiction with this IIN, if any.
    public init?(issuerIdentificationNumber iin: String) {
        guard let found = Self.byIIN[iin] else { return nil }
        self = found
    }

    /// The jurisdiction with this two-letter code, if any (case-insensitive).
    public init?(code: String) {
        guard let found = Self.byCode[code.uppercased()] else { return nil }
        self = found
    }

    private init(_ iin: String, _ code: String, _ name: String, _ country: String) {
        issuerIdentificationNumber = iin
        self.code = code
        self.name = name
        self.country = country
    }

    /// Every US state, district and territory and Canadian province and territory, from the
    /// AAMVA IIN list (990876 is an older Alberta number still found on cards).
    public static let all: [AAMVAJurisdiction] = [
        .init("636033", "AL", "Alabama", "USA"), .init("636059", "AK", "Alaska", "USA"),
        .init("604427", "AS", "American Samoa", "USA"), .init("636026", "AZ", "Arizona", "USA"),
        .init("636021", "AR", "Arkansas", "USA"), .init("636014", "CA", "California", "USA"),
        .init("636020", "CO", "Colorado", "USA"), .init("636006", "CT", "Connecticut", "USA"),
        .init("636011", "DE", "Delaware", "USA"), .init("636043", "DC", "District of Columbia", "USA"),
        .init("636010", "FL", "Florida", "USA"), .init("636055", "GA", "Georgia", "USA"),
        .init("636019", "GU", "Guam", "USA"), .init("636047", "HI", "Hawaii", "USA"),
        .init("636050", "ID", "Idaho", "USA"), .init("636035", "IL", "Illinois", "USA"),
        .init("636037", "IN", "Indiana", "USA"), .init("636018", "IA", "Iowa", "USA"),
        .init("636022", "KS", "Kansas", "USA"), .init("636046", "KY", "Kentucky", "USA"),
        .init("636007", "LA", "Louisiana", "USA"), .init("636041", "ME", "Maine", "USA"),
        .init("636003", "MD", "Maryland", "USA"), .init("636002", "MA", "Massachusetts", "USA"),
        .init("636032", "MI", "Michigan", "USA"), .init("636038", "MN", "Minnesota", "USA"),
        .init("636051", "MS", "Mississippi", "USA"), .init("636030", "MO", "Missouri", "USA"),
        .init("636008", "MT", "Montana", "USA"), .init("636054", "NE", "Nebraska", "USA"),
        .init("636049", "NV", "Nevada", "USA"), .init("636039", "NH", "New Hampshire", "USA"),
        .init("636036", "NJ", "New Jersey", "USA"), .init("636009", "NM", "New Mexico", "USA"),
        .init("636001", "NY", "New York", "USA"), .init("636004", "NC", "North Carolina", "USA"),
        .init("636034", "ND", "North Dakota", "USA"), .init("604430", "MP", "Northern Mariana Islands", "USA"),
        .init("636023", "OH", "Ohio", "USA"), .init("636058", "OK", "Oklahoma", "USA"),
        .init("636029", "OR", "Oregon", "USA"), .init("636025", "PA", "Pennsylvania", "USA"),
        .init("604431", "PR", "Puerto Rico", "USA"), .init("636052", "RI", "Rhode Island", "USA"),
        .init("636005", "SC", "South Carolina", "USA"), .init("636042", "SD", "South Dakota", "USA"),
        .init("636053", "TN", "Tennessee", "USA"), .init("636015", "TX", "Texas", "USA"),
        .init("636062", "VI", "US Virgin Islands", "USA"), .init("636040", "UT", "Utah", "USA"),
        .init("636024", "VT", "Vermont", "USA"), .init("636000", "VA", "Virginia", "USA"),
        .init("636045", "WA", "Washington", "USA"), .init("636061", "WV", "West Virginia", "USA"),
        .init("636031", "WI", "Wisconsin", "USA"), .init("636060", "WY", "Wyoming", "USA"),
        .init("604432", "AB", "Alberta", "CAN"), .init("990876", "AB", "Alberta", "CAN"),
        .init("636028", "BC", "British Columbia", "CAN"), .init("636048", "MB", "Manitoba", "CAN"),
        .init("636017", "NB", "New Brunswick", "CAN"), .init("636016", "NL", "Newfoundland and Labrador", "CAN"),
        .init("604434", "NT", "Northwest Territories", "CAN"), .init("636013", "NS", "Nova Scotia", "CAN"),
        .init("604433", "NU", "Nunavut", "CAN"), .init("636012", "ON", "Ontario", "CAN"),
        .init("604426", "PE", "Prince Edward Island", "CAN"), .init("604428", "QC", "Quebec", "CAN"),
        .init("636044", "SK", "Saskatchewan", "CAN"), .init("604429", "YT", "Yukon", "CAN"),
    ]

    private static let byIIN: [String: AAMVAJurisdiction] = Dictionary(
        all.map { ($0.issuerIdentificationNumber, $0) }, uniquingKeysWith: { first, _ in first }
    )

    private static let byCode: [String: AAMVAJurisdiction] = Dictionary(
        all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first }
    )
}
