import Foundation

/// One captured document in the durable queue, written before anything is sent.
public struct QueueItem: Sendable, Hashable, Codable {
    /// Where an item stands.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Waiting to be sent (again, after a failed attempt).
        case queued
        /// Every request went through; the server is processing it.
        case uploaded
        /// The server processed it (`DONE`).
        case processedSuccess
        /// The server could not process it (`FAILED`), or it was deleted there.
        case processedFailed
        /// Given up after the attempt limit or a refusal that a retry cannot fix.
        case permanentlyFailed

        /// Whether nothing more happens to an item in this state.
        public var isFinal: Bool { self == .processedSuccess || self == .processedFailed || self == .permanentlyFailed }
    }

    /// The app's identifier for the document (the CLI uses the SHA-256 of the first file).
    public let sourceId: String
    /// `id` (a verification of up to three sides) or a `/v1/documents` type (`receipt`, `w2`, `auto`).
    public let kind: String
    /// The files, in order (an ID's front, back and face).
    public let files: [String]
    /// Where the item stands.
    public var state: State
    /// Failed attempts so far.
    public var attempts: Int
    /// When the next attempt is due (seconds since 1970).
    public var nextAttemptAt: Double
    /// The server's reference: the `scanReference` of a verification or the `documentId`.
    public var documentId: String?
    /// How many of ``files`` the server has.
    public var filesSent: Int
    /// Whether the verification was finalized.
    public var finalized: Bool
    /// Why the last attempt failed (a code or an HTTP status, never document data).
    public var lastError: String?
    /// When the item was queued (seconds since 1970).
    public let createdAt: Double

    /// Whether the item is an identity document (a verification), not a `/v1/documents` upload.
    public var isVerification: Bool { kind == "id" }
}
