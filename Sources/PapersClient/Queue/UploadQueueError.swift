/// The queue file could not be used: a code and a sentence (never document data).
public struct UploadQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The file cannot be opened, or holds something else.
        case cannotOpen = "QUEUE_CANNOT_OPEN"
        /// Reading or writing the file failed.
        case storageFailure = "QUEUE_STORAGE_FAILURE"
    }

    /// What went wrong.
    public let code: Code
    /// A sentence for a person.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
