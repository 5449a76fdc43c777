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

    /// The kinds the processing workers take: reading photos and pages.
    static let processing: [JobKind] = [.processVerification, .processDocument]
    /// The kinds the callback senders take, apart from processing so that a slow receiver never
    /// holds back anybody's verification.
    static let callbacks: [JobKind] = [.deliverCallback]
}
