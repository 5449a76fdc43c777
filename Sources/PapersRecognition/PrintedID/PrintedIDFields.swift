import PapersCore

/// The fields printed on an identity document's front (a driving licence or ID card without an
/// MRZ), read by text recognition: each with its confidence and box, `nil` when not found.
public struct PrintedIDFields: Sendable, Hashable {
    /// Family name (AAMVA field 1, or after `LN`).
    public var lastName: ExtractedField<String>?
    /// Given name (field 2's first word, or after `FN`).
    public var firstName: ExtractedField<String>?
    /// Further given names (field 2 after its first word).
    public var middleName: ExtractedField<String>?
    /// Date of birth (field 3, `DOB`).
    public var dob: ExtractedField<CalendarDate>?
    /// Date of issue (field 4a, `ISS`).
    public var issuingDate: ExtractedField<CalendarDate>?
    /// Date of expiry (field 4b, `EXP`).
    public var expiryDate: ExtractedField<CalendarDate>?
    /// The licence or card number (field 4d, `DLN`, `DL`, `LIC#`, `ID#`).
    public var idNumber: ExtractedField<String>?
    /// Sex (field 15, `SEX`).
    public var gender: ExtractedField<Gender>?
    /// Street address (field 8's first line).
    public var addressLine: ExtractedField<String>?
    /// City, subdivision and postal code (field 8's last line).
    public var city: ExtractedField<String>?
    /// The state or province's two-letter code.
    public var subdivision: ExtractedField<String>?
    /// The postal code.
    public var postCode: ExtractedField<String>?
    /// What the card says it is, from its title (`DRIVER LICENSE`, `IDENTIFICATION CARD`).
    public var documentType: DocumentType?
    /// The signs that the text is a card front, whichever fields were read.
    public var evidence: PrintedIDEvidence = []

    /// Creates an empty reading.
    public init() {}

    /// Whether a field that identifies the holder or the document was read (a name, a date of
    /// birth or a number).
    public var hasContent: Bool {
        lastName != nil || firstName != nil || dob != nil || idNumber != nil
    }

    /// Whether the text is an identity document's front: a name, birth date or number was read,
    /// and the page shows two of the weak signs of a card front (a card title, a state or
    /// province's name, two dates, three field labels), or a family name and a birth date were
    /// both read. A receipt's number and dates, or a title word alone, are not enough.
    public var looksLikeIDFront: Bool {
        (hasContent && evidence.count >= 2) || (lastName != nil && dob != nil)
    }

    /// The fields as document data (`extractionMethod` `OCR`). The issuing country is the one of
    /// the address's state or province.
    public var documentData: DocumentData {
        var data = DocumentData(extractionMethod: .ocr)
        data.lastName = lastName?.value
        data.firstName = firstName?.value
        data.middleName = middleName?.value
        data.dob = dob?.value
        data.issuingDate = issuingDate?.value
        data.expiryDate = expiryDate?.value
        data.idNumber = idNumber?.value
        data.gender = gender?.value
        data.addressLine = addressLine?.value
        data.city = city?.value
        data.subdivision = subdivision?.value
        data.postCode = postCode?.value
        data.selectedDocumentType = documentType
        data.documentCode = documentType.map { $0 == .driverLicense ? "DL" : "ID" }
        if let code = subdivision?.value, let jurisdiction = AAMVAJurisdiction(code: code) {
            data.issuingCountry = jurisdiction.country
            data.selectedCountry = jurisdiction.country
        }
        return data
    }

    /// The fields on which the printed front and another reading of the same document (its
    /// barcode or MRZ) disagree: the holder's names, dates and sex, and the document number.
    public func disagreements(with other: DocumentData) -> [String] {
        var fields = documentData.disagreements(with: other)
        if let printed = idNumber?.value, let read = other.idNumber {
            let a = printed.filter { $0.isLetter || $0.isNumber }, b = read.uppercased().filter { $0.isLetter || $0.isNumber }
            if !a.isEmpty, !b.isEmpty, a != b { fields.append("idNumber") }
        }
        return fields
    }
}
