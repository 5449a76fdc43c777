import Foundation
import PapersCore

/// The body of `POST /v1/verifications`: every member is optional.
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

    /// Creates an empty request.
    public init() {}

    /// Checks the rules the API documents; the problem names the first broken one.
    func validate() throws(Problem) {
        for (name, value) in [("customerInternalReference", customerInternalReference), ("userReference", userReference), ("reportingCriteria", reportingCriteria)] {
            if let value, value.count > 100 { throw Problem.invalid("\(name) is longer than 100 characters") }
        }
        if let callbackUrl {
            guard let url = URL(string: callbackUrl), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = url.host, !host.isEmpty, callbackUrl.count <= 2048 else {
                throw Problem.invalid("callbackUrl must be an absolute http or https URL")
            }
        }
        if let country = preselectedCountry, Country(alpha3: country) == nil {
            throw Problem.invalid("preselectedCountry must be an ISO 3166-1 alpha-3 or ICAO country code")
        }
        if let types = preselectedDocumentTypes, types.isEmpty {
            throw Problem.invalid("preselectedDocumentTypes, when given, must name at least one type")
        }
    }
}
