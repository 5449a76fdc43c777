/// The data extracted from an identity document.
///
/// Fields and JSON names follow Jumio's `NetverifyDocumentData`, plus `middleName`,
/// `city`, `documentCode`, `selectedDocumentType`, `extractionMethod` and `mrzData`.
/// Dates encode as `YYYY-MM-DD`; countries are ISO 3166-1 alpha-3 or ICAO codes.
/// Absent values are omitted from JSON. Call ``validate()`` to enforce Jumio's maximum lengths.
public struct DocumentData: Sendable, Hashable, Codable {
    /// The country selected or preselected for the scan (alpha-3, at most 3 characters).
    public var selectedCountry: String?
    /// The type of document.
    public var selectedDocumentType: DocumentType?
    /// The document code as printed in the MRZ (e.g. `P`, `ID`, `I<` → `I`, `V`) or `DL`/`ID` from AAMVA.
    public var documentCode: String?
    /// The document (identification) number, at most 100 characters.
    public var idNumber: String?
    /// The personal number, at most 14 characters.
    public var personalNumber: String?
    /// Date of issue.
    public var issuingDate: CalendarDate?
    /// Date of expiry.
    public var expiryDate: CalendarDate?
    /// Issuing country or organisation (alpha-3 or ICAO code), at most 3 characters.
    public var issuingCountry: String?
    /// Last name (primary identifier), at most 100 characters.
    public var lastName: String?
    /// First name(s) (secondary identifier), at most 100 characters.
    public var firstName: String?
    /// Middle name(s), at most 100 characters, when the document separates them.
    public var middleName: String?
    /// Date of birth.
    public var dob: CalendarDate?
    /// Sex: `M`, `F` or `X`.
    public var gender: Gender?
    /// Nationality / country of origin (alpha-3 or ICAO code), at most 3 characters.
    public var originatingCountry: String?
    /// Street address, at most 64 characters.
    public var addressLine: String?
    /// City, at most 64 characters.
    public var city: String?
    /// Subdivision: the last three characters of the ISO 3166-2:US or :CA code, at most 3 characters.
    public var subdivision: String?
    /// Postal code, at most 15 characters.
    public var postCode: String?
    /// The optional data field of MRZ line 1 (TD1), at most 50 characters.
    public var optionalData1: String?
    /// The optional data field of MRZ line 2, at most 50 characters.
    public var optionalData2: String?
    /// Place of birth, at most 255 characters.
    public var placeOfBirth: String?
    /// How the data was extracted.
    public var extractionMethod: ExtractionMethod
    /// The machine-readable zone, when the data came from one.
    public var mrzData: MRZData?

    /// Creates an empty document with the given extraction method.
    public init(extractionMethod: ExtractionMethod = .none) {
        self.extractionMethod = extractionMethod
    }
}

extension DocumentData {
    /// Jumio's maximum length of each text field, by JSON name.
    public static let maximumLengths: [(field: DocumentField, maximum: Int)] = [
        (.selectedCountry, 3), (.documentCode, 3), (.idNumber, 100), (.personalNumber, 14),
        (.issuingCountry, 3), (.lastName, 100), (.firstName, 100), (.middleName, 100),
        (.originatingCountry, 3), (.addressLine, 64), (.city, 64), (.subdivision, 3), (.postCode, 15),
        (.optionalData1, 50), (.optionalData2, 50), (.placeOfBirth, 255),
        (.mrzLine1, 50), (.mrzLine2, 50), (.mrzLine3, 50),
    ]

    /// The value of a text field.
    public func value(of field: DocumentField) -> String? {
        switch field {
        case .selectedCountry: return selectedCountry
        case .documentCode: return documentCode
        case .idNumber: return idNumber
        case .personalNumber: return personalNumber
        case .issuingCountry: return issuingCountry
        case .lastName: return lastName
        case .firstName: return firstName
        case .middleName: return middleName
        case .originatingCountry: return originatingCountry
        case .addressLine: return addressLine
        case .city: return city
        case .subdivision: return subdivision
        case .postCode: return postCode
        case .optionalData1: return optionalData1
        case .optionalData2: return optionalData2
        case .placeOfBirth: return placeOfBirth
        case .mrzLine1: return mrzData?.line1
        case .mrzLine2: return mrzData?.line2
        case .mrzLine3: return mrzData?.line3
        }
    }

    /// Checks every text field against Jumio's maximum length.
    ///
    /// - Throws: ``DocumentValidationError`` naming the first field that is too long.
    public func validate() throws(DocumentValidationError) {
        for (field, maximum) in Self.maximumLengths {
            if let text = value(of: field), text.count > maximum {
                throw DocumentValidationError(code: .tooLong, field: field, maximum: maximum, actual: text.count)
            }
        }
    }
}
