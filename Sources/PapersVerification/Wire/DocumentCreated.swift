/// The body of `202` of `POST /v1/documents`.
public struct DocumentCreated: Sendable, Hashable, Codable {
    /// The document's identifier.
    public let documentId: String
    /// Where the document is now.
    public let status: DocumentStatus

    /// Creates a body.
    public init(documentId: String, status: DocumentStatus) {
        self.documentId = documentId
        self.status = status
    }
}
