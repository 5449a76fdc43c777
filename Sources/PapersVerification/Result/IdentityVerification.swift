/// The selfie comparison.
public struct IdentityVerification: Sendable, Hashable, Codable {
    /// `MATCH`, `NO_MATCH` or `NOT_POSSIBLE`.
    public var similarity: String
    /// Whether the comparison is valid.
    public var validity: Bool
    /// Why it was not possible, when it was not.
    public var reason: String?

    /// Creates a comparison outcome.
    public init(similarity: String, validity: Bool, reason: String? = nil) {
        self.similarity = similarity
        self.validity = validity
        self.reason = reason
    }
}
