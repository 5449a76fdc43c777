/// A parsed AAMVA DL/ID barcode: the header, the interpreted fields and every raw element.
///
/// Interpreted fields are `nil` when absent or unreadable; the raw values stay in ``elements``.
public struct AAMVADocument: Sendable, Hashable, Codable {
    /// The header: file type, IIN, versions and subfile directory.
    public var header: AAMVAHeader
    /// The issuing jurisdiction's code (`"VA"`, `"ON"`), from the IIN or else from `DAJ`.
    public var jurisdiction: String?
    /// `"USA"` or `"CAN"`, from the IIN, `DCG` or `DAJ`.
    public var country: String?
    /// Driver licence or identification card, from the document subfile type.
    public var documentType: AAMVADocumentType
    /// The holder's names and their truncation flags.
    public var names: AAMVANames
    /// Birth, issue, expiry and the other dates.
    public var dates: AAMVADates
    /// Sex (`DBC`): `1`/`M` male, `2`/`F` female, `9`/`X` unspecified.
    public var sex: Gender?
    /// Height (`DAU`, or `DAV` in version 1).
    public var height: AAMVAHeight?
    /// Weight (`DAW`, `DAX`, `DCE`).
    public var weight: AAMVAWeight?
    /// Eye colour (`DAY`).
    public var eyeColor: AAMVAEyeColor?
    /// Hair colour (`DAZ`).
    public var hairColor: AAMVAHairColor?
    /// Mailing address (or, lacking its street, the residence or jurisdiction-specific street:
    /// see ``AAMVAAddress``).
    public var address: AAMVAAddress
    /// The customer ID / licence number (`DAQ`).
    public var idNumber: String?
    /// The document discriminator (`DCF`; `DBJ` unique customer identifier in version 1).
    public var documentDiscriminator: String?
    /// Vehicle class (`DCA`; `DAR` in version 1).
    public var vehicleClass: String?
    /// Restriction codes (`DCB`; `DAS` in version 1).
    public var restrictions: String?
    /// Endorsement codes (`DCD`; `DAT` in version 1).
    public var endorsements: String?
    /// REAL ID compliance (`DDA`).
    public var complianceType: AAMVAComplianceType?
    /// Organ donor (`DDK`; `DBH` in version 1).
    public var isOrganDonor: Bool?
    /// Veteran (`DDL`).
    public var isVeteran: Bool?
    /// Limited duration document / temporary lawful status (`DDD`).
    public var hasTemporaryLawfulStatus: Bool?
    /// Place of birth (`DCI`).
    public var placeOfBirth: String?
    /// Audit information (`DCJ`).
    public var auditInformation: String?
    /// Inventory control number (`DCK`).
    public var inventoryControlNumber: String?
    /// Every data element as read: subfile designator → element identifier → raw value
    /// (separators and stray control characters removed, spaces kept).
    public var elements: [String: [String: String]]

    /// The six-digit issuer identification number.
    public var issuerIdentificationNumber: String { header.issuerIdentificationNumber }
    /// The AAMVA version: 1 (2000) … 10 (2020), 11 (2025).
    public var aamvaVersion: Int { header.aamvaVersion }
    /// The jurisdiction version; `nil` in version 1.
    public var jurisdictionVersion: Int? { header.jurisdictionVersion }
    /// `"ANSI "` or `"AAMVA"`.
    public var fileType: String { header.fileType }
    /// The subfile directory.
    public var subfiles: [AAMVASubfile] { header.subfiles }

    /// The raw value of an element: in `designator`'s subfile, or else in the document subfiles.
    public func element(_ id: String, in designator: String? = nil) -> String? {
        if let designator { return elements[designator]?[id] }
        for key in ["DL", "ID", "EN"] { if let value = elements[key]?[id] { return value } }
        return nil
    }

    /// Interprets the elements of a payload.
    init(header: AAMVAHeader, documentDesignator: String, elements: [String: [String: String]]) {
        var merged: [String: String] = elements[documentDesignator] ?? [:]
        for (designator, values) in elements where designator != documentDesignator && !designator.hasPrefix("Z") {
            merged.merge(values) { current, _ in current }
        }
        let fields = AAMVAFields(values: merged, version: header.aamvaVersion)
        self.header = header
        self.elements = elements
        documentType = AAMVADocumentType(designator: documentDesignator)

        let stated = fields.text("DAJ").flatMap { AAMVAJurisdiction(code: $0) }
        let issuer = AAMVAJurisdiction(issuerIdentificationNumber: header.issuerIdentificationNumber) ?? stated
        jurisdiction = issuer?.code
        let countryField = fields.text("DCG")?.uppercased()
        country = issuer?.country ?? (countryField == "USA" || countryField == "CAN" ? countryField : nil)

        let order: AAMVADates.Order = header.aamvaVersion <= 1 || country == "CAN" ? .yearFirst : .monthFirst
        names = AAMVANames(fields)
        dates = AAMVADates(fields, order: order)
        sex = Self.sex(fields.text("DBC"))
        height = AAMVAHeight(fields)
        weight = AAMVAWeight(fields)
        eyeColor = fields.text("DAY").flatMap(AAMVAEyeColor.init(code:))
        hairColor = fields.text("DAZ").flatMap(AAMVAHairColor.init(code:))
        var jurisdictionElements: [String: String] = [:]
        for designator in elements.keys.sorted() {
            for (id, value) in elements[designator] ?? [:] where id.hasPrefix("Z") && jurisdictionElements[id] == nil {
                jurisdictionElements[id] = value
            }
        }
        address = AAMVAAddress(fields, jurisdictionElements: jurisdictionElements)
        idNumber = fields.text("DAQ")
        documentDiscriminator = fields.first("DCF", "DBJ")
        vehicleClass = fields.first("DCA", "DAR")
        restrictions = fields.first("DCB", "DAS")
        endorsements = fields.first("DCD", "DAT")
        complianceType = fields.text("DDA").flatMap { AAMVAComplianceType(rawValue: $0.uppercased()) }
        isOrganDonor = Self.flag(fields, "DDK") ?? Self.flag(fields, "DBH")
        isVeteran = Self.flag(fields, "DDL")
        hasTemporaryLawfulStatus = Self.flag(fields, "DDD")
        placeOfBirth = fields.text("DCI")
        auditInformation = fields.text("DCJ")
        inventoryControlNumber = fields.text("DCK")
    }

    /// `1`/`M` male, `2`/`F` female, `9`/`X`/`U` unspecified.
    static func sex(_ code: String?) -> Gender? {
        switch code?.uppercased() {
        case "1", "M", "MALE": return .male
        case "2", "F", "FEMALE": return .female
        case "9", "X", "U": return .unspecified
        default: return nil
        }
    }

    /// A yes/no element: `1`, `Y` or a word such as `DONOR` is yes; present but blank, `0` or `N` is no.
    static func flag(_ fields: AAMVAFields, _ id: String) -> Bool? {
        guard fields.has(id) else { return nil }
        guard let text = fields.text(id)?.uppercased() else { return false }
        switch text {
        case "1", "Y", "YES", "T", "TRUE": return true
        case "0", "N", "NO", "F", "FALSE": return false
        default: return text.allSatisfy { $0.isLetter }
        }
    }
}
