/// The kinds of `POST /v1/documents?type=`.
public enum DocumentKind: String, Sendable, Codable, CaseIterable {
    /// A till receipt.
    case receipt
    /// A US W-2 tax form.
    case w2
    /// Decide from the content.
    case auto
}
