import Foundation

/// The kinds of `POST /v1/documents`.
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    /// A till receipt.
    case receipt
    /// A US W-2 tax form.
    case w2
    /// Decide from the content.
    case auto
}

/// What processing found on a document's pages. Field extraction (totals, merchants, W-2 boxes) is
/// the receipts issue's work; until then only the page analysis is reported.
public struct DocumentResult: Sendable, Hashable, Codable {
    /// One page.
    public struct Page: Sendable, Hashable, Codable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
        /// Whether a document outline was found on the page.
        public var documentDetected: Bool
        /// Capture quality, 0…1.
        public var confidence: Double
        /// Whether the page is blurred.
        public var isBlurry: Bool
    }

    /// The pages, in upload order.
    public var pages: [Page]
}

/// A document as stored, opened.
struct DocumentRecord: Sendable {
    let id: String
    let tenantID: String
    let kind: DocumentKind
    var status: String
    let pageCount: Int
    var callbackURL: String?
    var result: DocumentResult?
    let createdAt: Double
    var updatedAt: Double
}

/// The body of `GET /v1/documents/{documentId}`.
struct DocumentResponse: Encodable {
    let documentId: String
    let status: String
    var type: String?
    var pageCount: Int?
    var pages: [DocumentResult.Page]?
    let createdAt: String
    let updatedAt: String

    init(_ record: DocumentRecord) {
        documentId = record.id
        status = record.status
        createdAt = Timestamp.iso(record.createdAt)
        updatedAt = Timestamp.iso(record.updatedAt)
        guard record.status != "DELETED" else { return }
        type = record.kind.rawValue
        pageCount = record.pageCount
        pages = record.result?.pages
    }
}

/// `202` of `POST /v1/documents`.
struct DocumentCreated: Codable {
    let documentId: String
    let status: String
}

/// A multi-page upload: `{"pages": [base64 JPEG or PNG, …]}`.
struct DocumentPagesRequest: Decodable {
    let pages: [String]
}
