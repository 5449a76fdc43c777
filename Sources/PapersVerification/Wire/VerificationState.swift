/// Where a verification is in its life.
public enum VerificationState: String, Sendable, Codable, CaseIterable {
    /// Created; images may be uploaded.
    case pending = "PENDING"
    /// Finalised; a worker is reading it.
    case processing = "PROCESSING"
    /// Processed; the result is available.
    case done = "DONE"
    /// Processing failed for a reason on the server's side.
    case failed = "FAILED"
    /// Erased on request or by retention: only timestamps remain.
    case deleted = "DELETED"
}
