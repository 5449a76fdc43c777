import Foundation
import GRDB

/// What a job does.
public enum JobKind: String, Sendable, Codable, CaseIterable {
    /// Read and decide a finalised verification.
    case processVerification
    /// Process an uploaded receipt or tax form.
    case processDocument
    /// Deliver one callback event.
    case deliverCallback
}

/// A claimed job.
struct Job: Sendable, Hashable {
    let id: Int64
    let kind: JobKind
    /// The verification, document or event it is about.
    let subject: String
    /// How many times it has been claimed, this time included.
    let attempts: Int
}
