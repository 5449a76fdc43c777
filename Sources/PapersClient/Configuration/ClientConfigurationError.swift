/// A configuration a ``PapersClient`` cannot start with: a code, the field, and a sentence.
public struct ClientConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The server URL is not an http or https URL with a host.
        case invalidServer = "CLIENT_INVALID_SERVER"
        /// The token or the secret is missing.
        case missingCredentials = "CLIENT_MISSING_CREDENTIALS"
        /// A verification option breaks the server's rules (too long, not a URL, unknown country…).
        case invalidVerificationOption = "CLIENT_INVALID_VERIFICATION_OPTION"
        /// The retry policy cannot work.
        case invalidRetryPolicy = "CLIENT_INVALID_RETRY_POLICY"
        /// Offline mode without the reader it needs.
        case missingOfflineReader = "CLIENT_MISSING_OFFLINE_READER"
    }

    /// What is wrong.
    public let code: Code
    /// The field at fault (`server`, `token`, `customerInternalReference`…).
    public let field: String
    /// A sentence for a person.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
