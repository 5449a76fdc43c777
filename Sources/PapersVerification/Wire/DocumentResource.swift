/// The body of `GET /v1/documents/{documentId}` (and of its `DELETE`). A deleted document has
/// only its identifier, status and timestamps.
public struct DocumentResource: Sendable, Hashable, Codable {
    /// The document's identifier.
    public let documentId: String
    /// Where the document is in its life.
    public let status: DocumentStatus
    /// The kind given at upload.
    public var type: DocumentKind?
    /// How many pages were uploaded.
    public var pageCount: Int?
    /// What processing found on each page.
    public var pages: [DocumentResult.Page]?
    /// What the pages were read as (`receipt` or `w2`), once processed.
    public var resolvedType: DocumentKind?
    /// The document read from the pages, in its own schema: Veryfi's keys for a receipt
    /// (`vendor`, `date`, `total`, `line_items`, …) or a W-2 (`employee_name`, `ein`, …).
    public var extraction: JSONValue?
    /// Why no field was read, when none was (`code` and `message`).
    public var extractionError: DocumentExtraction.Failure?
    /// When it was uploaded (ISO 8601, UTC).
    public let createdAt: String
    /// When it last changed (ISO 8601, UTC).
    public let updatedAt: String

    /// Creates a resource with only its identifier, status and timestamps.
    public init(documentId: String, status: DocumentStatus, createdAt: String, updatedAt: String) {
        self.documentId = documentId
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
