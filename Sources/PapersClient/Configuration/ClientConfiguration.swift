import Foundation
import PapersVerification

/// What a ``PapersClient`` needs: the server and its credentials, the options every verification
/// it creates carries (Jumio's: callback URL, references, reporting criteria, preselection,
/// verification or extraction only, identity verification), and how uploads are retried.
///
/// ```swift
/// var configuration = ClientConfiguration(server: URL(string: "https://papers.example.com")!,
///                                         token: token, secret: secret)
/// configuration.verification.customerInternalReference = "order-17"
/// try configuration.validate()
/// ```
public struct ClientConfiguration: Sendable {
    /// The server's base URL (`https://host[:port]`, without `/v1`).
    public var server: URL
    /// The tenant's API token.
    public var token: String
    /// The tenant's API secret.
    public var secret: String
    /// The options of every verification created: `callbackUrl`, `customerInternalReference`,
    /// `userReference`, `reportingCriteria` (each at most 100 characters), `enableVerification`
    /// (`false`: extraction only, Jumio's Fastfill), `enableIdentityVerification`,
    /// `preselectedCountry` and `preselectedDocumentTypes`. Checked by the same rules the server
    /// applies.
    public var verification = VerificationRequest()
    /// How uploads are retried.
    public var retry = RetryPolicy()
    /// How long one request may take before it counts as a failed attempt.
    public var requestTimeout: Duration = .seconds(60)
    /// Offline mode: nothing is sent; documents are read on the device (see
    /// ``PapersClient/init(configuration:queue:imaging:scanner:)``) and the same events report them.
    public var offline = false

    /// A configuration for offline mode: no server, no credentials.
    public static func offlineMode() -> ClientConfiguration {
        var configuration = ClientConfiguration(server: URL(string: "http://offline.invalid")!, token: "", secret: "")
        configuration.offline = true
        return configuration
    }

    /// Creates a configuration for a server.
    public init(server: URL, token: String, secret: String) {
        self.server = server
        self.token = token
        self.secret = secret
    }

    /// Checks every field before anything starts.
    ///
    /// - Throws: ``ClientConfigurationError`` naming the field.
    public func validate() throws(ClientConfigurationError) {
        if offline { return try validateOptions() }
        guard let scheme = server.scheme?.lowercased(), ["http", "https"].contains(scheme), server.host?.isEmpty == false else {
            throw ClientConfigurationError(.invalidServer, field: "server", "the server must be an http or https URL with a host")
        }
        guard !token.isEmpty else { throw ClientConfigurationError(.missingCredentials, field: "token", "an API token is required") }
        guard !secret.isEmpty else { throw ClientConfigurationError(.missingCredentials, field: "secret", "an API secret is required") }
        try validateOptions()
    }

    /// The verification options and the retry policy.
    private func validateOptions() throws(ClientConfigurationError) {
        do {
            // The device does not know what the server allows: private callback hosts are the
            // server operator's call, so only the form is checked here.
            try verification.validate(allowingPrivateCallbacks: true)
        } catch {
            throw ClientConfigurationError(.invalidVerificationOption, field: error.field.rawValue, error.description)
        }
        guard retry.maximumAttempts >= 1 else {
            throw ClientConfigurationError(.invalidRetryPolicy, field: "retry.maximumAttempts", "at least one attempt is needed")
        }
        guard retry.initialDelay > .zero, retry.maximumDelay >= retry.initialDelay else {
            throw ClientConfigurationError(.invalidRetryPolicy, field: "retry.initialDelay", "the first delay must be positive and at most the longest")
        }
    }
}
