/// Where an uploaded document (receipt, tax form) is in its life.
public enum DocumentStatus: String, Sendable, Codable, CaseIterable {
    /// Uploaded; a worker will read it.
    case processing = "PROCESSING"
    /// Processed; the result is available.
    case done = "DONE"
    /// Processing failed for a reason on the server's side.
    case failed = "FAILED"
    /// Erased on request or by retention: only timestamps remain.
    case deleted = "DELETED"
}
