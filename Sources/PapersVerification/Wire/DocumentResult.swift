/// What processing found on a document's pages: each page's analysis, and the fields read from
/// them all as one document.
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

        /// Creates a page.
        public init(width: Int, height: Int, documentDetected: Bool, confidence: Double, isBlurry: Bool) {
            self.width = width
            self.height = height
            self.documentDetected = documentDetected
            self.confidence = confidence
            self.isBlurry = isBlurry
        }
    }

    /// The pages, in upload order.
    public var pages: [Page]
    /// The fields read from the pages; `nil` for a result stored before extraction ran.
    public var extraction: DocumentExtraction?

    /// Creates a result.
    public init(pages: [Page], extraction: DocumentExtraction? = nil) {
        self.pages = pages
        self.extraction = extraction
    }
}
