/// A page of `GET /v1/verifications`, newest first.
public struct VerificationList: Sendable, Hashable, Codable {
    /// The verifications on this page.
    public let data: [VerificationSummary]
    /// Whether another page follows.
    public let hasMore: Bool
    /// The `startingAfter` value that fetches the next page.
    public let nextCursor: String?

    /// Creates a page.
    public init(data: [VerificationSummary], hasMore: Bool, nextCursor: String?) {
        self.data = data
        self.hasMore = hasMore
        self.nextCursor = nextCursor
    }
}
