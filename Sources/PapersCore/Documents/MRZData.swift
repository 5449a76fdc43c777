/// The machine-readable zone of a document as read, with the result of each check digit.
///
/// Field names follow Jumio's `NetverifyMrzData`. A flag is `true` when its check digit
/// holds, or when the format has no such check digit.
public struct MRZData: Sendable, Hashable, Codable {
    /// The MRZ layout.
    public var format: MRZFormat
    /// The first line, exactly as read.
    public var line1: String
    /// The second line, exactly as read.
    public var line2: String
    /// The third line (TD1 only).
    public var line3: String?
    /// The document number check digit holds.
    public var idNumberValid: Bool
    /// The date of birth check digit holds.
    public var dobValid: Bool
    /// The expiry date check digit holds, or the format has none.
    public var expiryDateValid: Bool
    /// The personal number / optional data check digit holds, or the format has none.
    public var personalNumberValid: Bool
    /// The composite check digit holds, or the format has none.
    public var compositeValid: Bool

    /// Creates MRZ data; every flag defaults to valid.
    public init(
        format: MRZFormat, line1: String, line2: String, line3: String? = nil,
        idNumberValid: Bool = true, dobValid: Bool = true, expiryDateValid: Bool = true,
        personalNumberValid: Bool = true, compositeValid: Bool = true
    ) {
        self.format = format
        self.line1 = line1
        self.line2 = line2
        self.line3 = line3
        self.idNumberValid = idNumberValid
        self.dobValid = dobValid
        self.expiryDateValid = expiryDateValid
        self.personalNumberValid = personalNumberValid
        self.compositeValid = compositeValid
    }

    /// Every check digit of the MRZ holds.
    public var allChecksValid: Bool {
        idNumberValid && dobValid && expiryDateValid && personalNumberValid && compositeValid
    }

    /// The lines in order (two or three).
    public var lines: [String] { [line1, line2] + (line3.map { [$0] } ?? []) }
}
