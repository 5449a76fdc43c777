/// A multi-page upload to `POST /v1/documents`: `{"pages": [base64 JPEG or PNG, …]}`.
public struct DocumentPagesRequest: Sendable, Hashable, Codable {
    /// The pages, base64, in order.
    public let pages: [String]

    /// Creates a request.
    public init(pages: [String]) {
        self.pages = pages
    }
}
