/// The holder's mailing address.
///
/// Read from the mailing address elements `DAG`–`DAK`. Where the payload has no `DAG`, the street
/// comes from the first of two fallbacks:
/// - the residence address of AAMVA DL/ID-2000 (version 1), `DAL`–`DAP`, which that edition
///   defines beside the mailing one and some issuers fill instead of it;
/// - a jurisdiction-specific element (a `Z` subfile's, or a `Z` element inside the document
///   subfile) whose value has the shape of a street line (see ``isStreetLine(_:)``). The
///   standard leaves the meaning of those elements to each jurisdiction and no published list
///   names an address among them, so the value is recognised by its shape rather than by its
///   identifier, and ``streetFallbackElement`` says where it came from.
public struct AAMVAAddress: Sendable, Hashable, Codable {
    /// Street, first line (`DAG`; `DAL` or a jurisdiction element when there is no `DAG`).
    public var street1: String?
    /// Street, second line (`DAH`, or `DAM` with `DAL`); `NONE` is read as absent.
    public var street2: String?
    /// City (`DAI`; `DAN` with `DAL`).
    public var city: String?
    /// Jurisdiction code as written in the address (`DAJ`; `DAO` with `DAL`), e.g. `"VA"`.
    public var jurisdictionCode: String?
    /// Postal code (`DAK`; `DAP` with `DAL`).
    public var postalCode: AAMVAPostalCode?
    /// The element ``street1`` was read from when the payload has no `DAG`: `DAL`, or a
    /// jurisdiction-specific element such as `ZNB`; `nil` when read from `DAG` or absent.
    public var streetFallbackElement: String?

    /// Creates an address.
    public init(
        street1: String? = nil, street2: String? = nil, city: String? = nil, jurisdictionCode: String? = nil,
        postalCode: AAMVAPostalCode? = nil, streetFallbackElement: String? = nil
    ) {
        self.street1 = street1
        self.street2 = street2
        self.city = city
        self.jurisdictionCode = jurisdictionCode
        self.postalCode = postalCode
        self.streetFallbackElement = streetFallbackElement
    }

    /// Reads the address elements of `fields`, and the street from `jurisdictionElements`
    /// (identifier → value) when no standard element holds one.
    init(_ fields: AAMVAFields, jurisdictionElements: [String: String] = [:]) {
        let clean = AAMVAFields.clean
        let noneless = { (text: String?) in text?.uppercased() == "NONE" ? nil : text }
        if clean(fields.text("DAG")) == nil, let residence = clean(fields.text("DAL")) {
            // AAMVA DL/ID-2000 residence address; a part it lacks is taken from the mailing address.
            self.init(
                street1: residence,
                street2: noneless(clean(fields.text("DAM"))),
                city: clean(fields.text("DAN")) ?? clean(fields.text("DAI")),
                jurisdictionCode: fields.first("DAO", "DAJ"),
                postalCode: fields.first("DAP", "DAK").flatMap(AAMVAPostalCode.init),
                streetFallbackElement: "DAL"
            )
            return
        }
        self.init(
            street1: clean(fields.text("DAG")),
            street2: noneless(clean(fields.text("DAH"))),
            city: clean(fields.text("DAI")),
            jurisdictionCode: fields.text("DAJ"),
            postalCode: fields.text("DAK").flatMap(AAMVAPostalCode.init)
        )
        if street1 == nil, street2 == nil {
            for id in jurisdictionElements.keys.sorted() {
                guard let value = clean(jurisdictionElements[id]), Self.isStreetLine(value) else { continue }
                street1 = value
                streetFallbackElement = id
                break
            }
        }
    }

    /// `true` when `text` has the shape of a North American street line: a civic number (digits,
    /// optionally with a letter or a hyphenated unit) followed by words of which one is a street
    /// designator (USPS Publication 28, Canada Post addressing guidelines), or a post office box,
    /// rural route or highway contract line with its number.
    ///
    /// Used only to recognise a street in jurisdiction-specific elements; a designator is
    /// required so that codes and counts (`12 MONTHS`, `3 RESTRICTED`) are not taken for one.
    public static func isStreetLine(_ text: String) -> Bool {
        let words = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "," }).map {
            $0.filter { $0 != "." }
        }.filter { !$0.isEmpty }
        guard let head = words.first else { return false }
        let joined = words.joined(separator: " ")
        for prefix in boxPrefixes where joined.hasPrefix(prefix + " ") {
            return joined.dropFirst(prefix.count).contains(where: \.isNumber)
        }
        guard words.count >= 2, isCivicNumber(head) else { return false }
        return words.dropFirst().contains { streetDesignators.contains($0) }
    }

    /// `123`, `123A`, `12-34`, `1/2`: digits first, at most 10 characters.
    private static func isCivicNumber(_ word: String) -> Bool {
        guard let first = word.first, first.isASCII, first.isNumber, word.count <= 10 else { return false }
        return word.allSatisfy { ($0.isASCII && ($0.isNumber || $0.isLetter)) || $0 == "-" || $0 == "/" }
    }

    /// Post office box, rural route and highway contract lines (USPS Publication 28, chapter 2).
    private static let boxPrefixes = ["PO BOX", "P O BOX", "POST OFFICE BOX", "RR", "RURAL ROUTE", "HC", "PSC", "CMR"]

    /// Street designators: the common USPS Publication 28 (appendix C1) suffixes and their
    /// abbreviations, and the common Canada Post street types.
    private static let streetDesignators: Set<String> = [
        "ALLEY", "ALY", "AVE", "AVENUE", "AV", "BEND", "BND", "BLVD", "BOULEVARD", "BYP", "BYPASS",
        "CIR", "CIRCLE", "CRES", "CRESCENT", "CT", "COURT", "CV", "COVE", "DR", "DRIVE", "EXPY",
        "EXPRESSWAY", "FWY", "FREEWAY", "GRV", "GROVE", "HWY", "HIGHWAY", "HOLW", "HOLLOW", "LN", "LANE",
        "LOOP", "MNR", "MANOR", "PASS", "PATH", "PIKE", "PKWY", "PARKWAY", "PL", "PLACE", "PLZ", "PLAZA",
        "PT", "POINT", "RD", "ROAD", "ROW", "RTE", "ROUTE", "RUN", "SQ", "SQUARE", "ST", "STREET", "TER",
        "TERR", "TERRACE", "TRCE", "TRACE", "TRL", "TRAIL", "WALK", "WAY", "XING", "CROSSING",
        "RUE", "CH", "CHEMIN", "BOUL", "CRT", "GDNS", "GATE", "LINE", "CONC", "SIDEROAD", "RANG",
    ]
}
