import Foundation
import PapersVerification

/// A document as stored, opened.
struct DocumentRecord: Sendable {
    let id: String
    let tenantID: String
    let kind: DocumentKind
    var status: DocumentStatus
    let pageCount: Int
    var callbackURL: String?
    var result: DocumentResult?
    let createdAt: Double
    var updatedAt: Double
}
