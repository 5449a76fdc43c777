/// The text fields of ``DocumentData`` that carry a maximum length, by JSON name.
public enum DocumentField: String, Sendable, Hashable, CaseIterable {
    case selectedCountry, documentCode, idNumber, personalNumber, issuingCountry
    case lastName, firstName, middleName, originatingCountry, addressLine, city
    case subdivision, postCode, optionalData1, optionalData2, placeOfBirth
    case mrzLine1 = "mrzData.line1", mrzLine2 = "mrzData.line2", mrzLine3 = "mrzData.line3"
}

/// A ``DocumentData`` that breaks one of the rules of Jumio's `NetverifyDocumentData`. Never carries the field's value.
public struct DocumentValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Hashable {
        /// The field is longer than its maximum length.
        case tooLong = "DOC_FIELD_TOO_LONG"
    }

    /// What is wrong.
    public let code: Code
    /// The field at fault.
    public let field: DocumentField
    /// The maximum number of characters allowed.
    public let maximum: Int
    /// The number of characters found.
    public let actual: Int

    public var description: String {
        "\(code.rawValue): \(field.rawValue) has \(actual) characters, at most \(maximum) allowed"
    }
}
