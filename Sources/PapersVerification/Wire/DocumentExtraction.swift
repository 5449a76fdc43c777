/// The fields read from a document's pages: the document in its own schema (Veryfi's keys for a
/// receipt or a W-2), or why none could be read.
public struct DocumentExtraction: Sendable, Hashable, Codable {
    /// Why no field could be read.
    public struct Failure: Sendable, Hashable, Codable {
        /// A stable code: `NO_TEXT` (no field of the document was read),
        /// `TEXT_RECOGNITION_NOT_AVAILABLE` (the server has no text recogniser or its language
        /// data), `TEXT_RECOGNITION_FAILED`.
        public var code: String
        /// One human sentence; never the document's text.
        public var message: String

        /// Creates a failure.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// What the pages were read as: `receipt` or `w2` (never `auto`).
    public var resolvedType: DocumentKind?
    /// The document, when any field was read.
    public var document: JSONValue?
    /// Why nothing was read, when nothing was.
    public var failure: Failure?

    /// A document read as `resolvedType`.
    public init(resolvedType: DocumentKind, document: JSONValue) {
        self.resolvedType = resolvedType
        self.document = document
    }

    /// Nothing read; `resolvedType` when the pages were still told apart.
    public init(failure: Failure, resolvedType: DocumentKind? = nil) {
        self.failure = failure
        self.resolvedType = resolvedType
    }
}
