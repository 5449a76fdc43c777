import PapersVerification

extension DocumentResource {
    /// The API's view of a stored document: a deleted one keeps only its timestamps.
    init(_ record: DocumentRecord) {
        self.init(documentId: record.id, status: record.status,
                  createdAt: Timestamp.iso(record.createdAt), updatedAt: Timestamp.iso(record.updatedAt))
        guard record.status != .deleted else { return }
        type = record.kind
        pageCount = record.pageCount
        pages = record.result?.pages
        resolvedType = record.result?.extraction?.resolvedType
        extraction = record.result?.extraction?.document
        extractionError = record.result?.extraction?.failure
    }
}
