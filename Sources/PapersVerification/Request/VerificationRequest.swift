import Foundation
import PapersCore

/// The body of `POST /v1/verifications`: every member is optional.
///
/// The options follow Jumio's Netverify configuration: a customer reference, a user reference,
/// a reporting label, a callback URL, verification or extraction only, identity verification,
/// and a preselected country and document types.
public struct VerificationRequest: Sendable, Hashable, Codable {
    /// The integrator's own reference for this verification (at most 100 characters).
    public var customerInternalReference: String?
    /// The integrator's reference for the end user (at most 100 characters).
    public var userReference: String?
    /// A free label for reports (at most 100 characters).
    public var reportingCriteria: String?
    /// Where to `POST` the result when processing ends (http or https).
    public var callbackUrl: String?
    /// Whether to decide (checks and a verification status); `false` extracts only. Default true.
    public var enableVerification: Bool?
    /// Whether to compare the selfie (`face` image) with the document's portrait. Default false.
    public var enableIdentityVerification: Bool?
    /// The country the document must come from (ISO 3166-1 alpha-3 or an ICAO code).
    public var preselectedCountry: String?
    /// The document types accepted (`passport`, `driverLicense`, `identityCard`, `visa`, `residencePermit`).
    public var preselectedDocumentTypes: [DocumentType]?

    /// Whether the server hands out a web capture link (`captureUrl` in the answer) through
    /// which the end user captures the document in a browser. Default false.
    public var webCapture: Bool?
    /// The language of the web capture page (`en`, `vi`). Default `en`.
    public var language: String?

    /// Creates an empty request.
    public init() {}

    /// The longest reference accepted, in characters.
    public static let maximumReferenceLength = 100
    /// The longest callback URL accepted, in characters.
    public static let maximumCallbackURLLength = 2048

    /// Checks the rules the API documents.
    ///
    /// - Parameter allowingPrivateCallbacks: whether `callbackUrl` may name this machine or a
    ///   private network (an operator's opt-in; see ``CallbackAddress``).
    /// - Throws: ``VerificationRequestError`` naming the first field that breaks a rule.
    public func validate(allowingPrivateCallbacks: Bool = false) throws(VerificationRequestError) {
        let references: [(VerificationRequestError.Field, String?)] = [
            (.customerInternalReference, customerInternalReference), (.userReference, userReference), (.reportingCriteria, reportingCriteria),
        ]
        for (field, value) in references {
            if let value, value.count > Self.maximumReferenceLength { throw VerificationRequestError(code: .tooLong, field: field) }
        }
        if let callbackUrl { try Self.validateCallbackURL(callbackUrl, allowingPrivate: allowingPrivateCallbacks) }
        if let country = preselectedCountry, Country(alpha3: country) == nil {
            throw VerificationRequestError(code: .unknownCountry, field: .preselectedCountry)
        }
        if let language, !["en", "vi"].contains(language) {
            throw VerificationRequestError(code: .unsupportedLanguage, field: .language)
        }
        if let types = preselectedDocumentTypes, types.isEmpty {
            throw VerificationRequestError(code: .emptyList, field: .preselectedDocumentTypes)
        }
    }

    /// Checks that `text` is an absolute http or https URL with a host and, unless
    /// `allowingPrivate`, that the host is not this machine, a private or link-local network or a
    /// reserved range, however the address is written (see ``CallbackAddress``).
    ///
    /// - Throws: ``VerificationRequestError`` with ``VerificationRequestError/Code/invalidURL`` or
    ///   ``VerificationRequestError/Code/nonPublicHost``.
    public static func validateCallbackURL(_ text: String, allowingPrivate: Bool = false) throws(VerificationRequestError) {
        guard text.count <= maximumCallbackURLLength, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty else {
            throw VerificationRequestError(code: .invalidURL, field: .callbackUrl)
        }
        if !allowingPrivate, CallbackAddress.nonPublicKind(ofHost: host) != nil {
            throw VerificationRequestError(code: .nonPublicHost, field: .callbackUrl)
        }
    }
}
