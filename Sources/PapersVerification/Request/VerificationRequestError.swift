/// A verification request that breaks one of the API's rules. Names the field, never its value.
public struct VerificationRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which rule was broken.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A text is longer than the field allows.
        case tooLong = "FIELD_TOO_LONG"
        /// A URL is not an absolute http or https URL with a host.
        case invalidURL = "INVALID_URL"
        /// A country is not an ISO 3166-1 alpha-3 or ICAO code.
        case unknownCountry = "UNKNOWN_COUNTRY"
        /// A list that must name at least one value is empty.
        case emptyList = "EMPTY_LIST"
        /// A callback URL names this machine, a private or link-local network or a reserved range.
        case nonPublicHost = "CALLBACK_HOST_NOT_PUBLIC"
        /// A language the web capture page does not speak.
        case unsupportedLanguage = "UNSUPPORTED_LANGUAGE"
    }

    /// The request members that have rules.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// ``VerificationRequest/customerInternalReference``.
        case customerInternalReference
        /// ``VerificationRequest/userReference``.
        case userReference
        /// ``VerificationRequest/reportingCriteria``.
        case reportingCriteria
        /// ``VerificationRequest/callbackUrl``.
        case callbackUrl
        /// ``VerificationRequest/preselectedCountry``.
        case preselectedCountry
        /// ``VerificationRequest/preselectedDocumentTypes``.
        case preselectedDocumentTypes
        /// ``VerificationRequest/language``.
        case language
    }

    /// The rule broken.
    public let code: Code
    /// The field that broke it.
    public let field: Field

    /// Creates an error.
    public init(code: Code, field: Field) {
        self.code = code
        self.field = field
    }

    /// One sentence for people, naming the field.
    public var description: String {
        switch code {
        case .tooLong: "\(field.rawValue) is longer than \(VerificationRequest.maximumReferenceLength) characters"
        case .invalidURL: "\(field.rawValue) must be an absolute http or https URL"
        case .unknownCountry: "\(field.rawValue) must be an ISO 3166-1 alpha-3 or ICAO country code"
        case .emptyList: "\(field.rawValue), when given, must name at least one type"
        case .nonPublicHost: "\(field.rawValue) must name a public host: loopback, private, link-local and reserved addresses are refused"
        case .unsupportedLanguage: "\(field.rawValue) must be en or vi"
        }
    }
}
