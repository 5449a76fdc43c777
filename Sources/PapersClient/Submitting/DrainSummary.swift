/// What a ``PapersClient/drain(for:)`` left behind.
public struct DrainSummary: Sendable, Hashable {
    /// Items still queued or processing at the server (a later run continues them).
    public let pending: Int
    /// Items given up.
    public let failed: Int
}
