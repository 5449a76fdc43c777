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
