/// What processing found on a document's pages. Only the page analysis is reported: receipt and
/// W-2 field extraction is not built.
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

    /// Creates a result.
    public init(pages: [Page]) {
        self.pages = pages
    }
}
