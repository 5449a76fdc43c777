/// What an AAMVA driver licence or ID card says about its holder: the input of ``AAMVAGenerator``.
///
/// Values are written as given (no case change); the generator checks that each is printable
/// ASCII and fits its element. Names longer than the standard's 40 characters are truncated
/// and flagged (`DDE`/`DDF`/`DDG` = `T`), as issuers do.
public struct AAMVACard: Sendable, Hashable {
    /// Driver licence (`DL` subfile) or identification card (`ID`). Default `.driverLicense`.
    public var documentType: AAMVADocumentType = .driverLicense
    /// The issuer: its IIN goes in the header, its code in `DAJ`, its country in `DCG`.
    public var jurisdiction: AAMVAJurisdiction
    /// Customer ID / licence number (`DAQ`, up to 25 characters).
    public var idNumber: String
    /// Family name (`DCS`).
    public var lastName: String
    /// First name (`DAC`).
    public var firstName: String
    /// Middle name(s) (`DAD`); `nil` writes `NONE`.
    public var middleName: String?
    /// Name suffix such as `JR` (`DCU`, up to 5 characters); `nil` leaves the element out.
    public var suffix: String?
    /// Date of birth (`DBB`).
    public var dateOfBirth: CalendarDate
    /// Date of issue (`DBD`).
    public var issueDate: CalendarDate
    /// Date of expiry (`DBA`).
    public var expiryDate: CalendarDate
    /// Sex (`DBC`: `1` male, `2` female, `9` unspecified).
    public var sex: Gender
    /// Height (`DAU`: `068 in` or `175 cm`).
    public var height: AAMVAHeight
    /// Eye colour (`DAY`).
    public var eyeColor: AAMVAEyeColor
    /// Street, first line (`DAG`, up to 35 characters).
    public var street1: String
    /// Street, second line (`DAH`); `nil` leaves the element out.
    public var street2: String?
    /// City (`DAI`, up to 20 characters).
    public var city: String
    /// Postal code (`DAK`): a US ZIP of 5 or 9 digits (a 5-digit ZIP is written with `0000`
    /// appended, as issuers do) or a Canadian code such as `T4G 7A7`; padded to 11 characters.
    public var postalCode: String
    /// Document discriminator (`DCF`, up to 25 characters).
    public var documentDiscriminator: String
    /// Vehicle class (`DCA`, up to 6 characters; licences only). Default `C`.
    public var vehicleClass = "C"
    /// Restriction codes (`DCB`, up to 12 characters; licences only). Default `NONE`.
    public var restrictions = "NONE"
    /// Endorsement codes (`DCD`, up to 5 characters; licences only). Default `NONE`.
    public var endorsements = "NONE"
    /// Elements of the jurisdiction's own subfile (`Z` and the first letter of the jurisdiction
    /// code, e.g. `ZV` for Virginia): identifier (`ZVA`) → value, written in identifier order.
    /// Empty (the default) writes no jurisdiction subfile.
    public var jurisdictionElements: [String: String] = [:]

    /// Creates a card with the mandatory data; the other properties keep their defaults.
    public init(
        jurisdiction: AAMVAJurisdiction, idNumber: String, lastName: String, firstName: String,
        middleName: String? = nil, dateOfBirth: CalendarDate, issueDate: CalendarDate, expiryDate: CalendarDate,
        sex: Gender, height: AAMVAHeight, eyeColor: AAMVAEyeColor, street1: String, city: String,
        postalCode: String, documentDiscriminator: String
    ) {
        self.jurisdiction = jurisdiction
        self.idNumber = idNumber
        self.lastName = lastName
        self.firstName = firstName
        self.middleName = middleName
        self.dateOfBirth = dateOfBirth
        self.issueDate = issueDate
        self.expiryDate = expiryDate
        self.sex = sex
        self.height = height
        self.eyeColor = eyeColor
        self.street1 = street1
        self.city = city
        self.postalCode = postalCode
        self.documentDiscriminator = documentDiscriminator
    }

    /// The designator of the jurisdiction subfile: `Z` and the jurisdiction code's first letter.
    public var jurisdictionDesignator: String { "Z" + String(jurisdiction.code.prefix(1)) }
}
