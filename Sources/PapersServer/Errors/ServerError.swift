import Foundation

/// A failure of the verification server, with a stable code and a human message.
///
/// Every error that reaches an HTTP client becomes an RFC 9457 problem document (see
/// ``Problem``); the `code` is its `code` member, so scripts can branch on it.
public struct ServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable identifier.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The configuration cannot be used (a bad key, an unsupported database URL).
        case invalidConfiguration = "SERVER_INVALID_CONFIGURATION"
        /// The database failed or holds data this version cannot read.
        case storageFailure = "SERVER_STORAGE_FAILURE"
        /// Stored data failed to decrypt: the wrong key, or the data was altered.
        case sealingFailure = "SERVER_SEALING_FAILURE"
        /// A tenant name or other command-line input is not acceptable.
        case invalidInput = "SERVER_INVALID_INPUT"
    }

    /// The stable code.
    public let code: Code
    /// A one-line explanation that names no document data.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
