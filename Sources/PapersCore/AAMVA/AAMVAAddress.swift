/// The holder's mailing address.
public struct AAMVAAddress: Sendable, Hashable, Codable {
    /// Street, first line (`DAG`).
    public var street1: String?
    /// Street, second line (`DAH`); `NONE` is read as absent.
    public var street2: String?
    /// City (`DAI`).
    public var city: String?
    /// Jurisdiction code as written in the address (`DAJ`), e.g. `"VA"`.
    public var jurisdictionCode: String?
    /// Postal code (`DAK`).
    public var postalCode: AAMVAPostalCode?

    /// Creates an address.
    public init(
        street1: String? = nil, street2: String? = nil, city: String? = nil, jurisdictionCode: String? = nil,
        postalCode: AAMVAPostalCode? = nil
    ) {
        self.street1 = street1
        self.street2 = street2
        self.city = city
        self.jurisdictionCode = jurisdictionCode
        self.postalCode = postalCode
    }

    /// Reads the address elements of `fields`.
    init(_ fields: AAMVAFields) {
        let street2 = AAMVAFields.clean(fields.text("DAH"))
        self.init(
            street1: AAMVAFields.clean(fields.text("DAG")),
            street2: street2?.uppercased() == "NONE" ? nil : street2,
            city: AAMVAFields.clean(fields.text("DAI")),
            jurisdictionCode: fields.text("DAJ"),
            postalCode: fields.text("DAK").flatMap(AAMVAPostalCode.init)
        )
    }
}
