/// What happened to a queued document, as the Sensibill SDK reports it to its upload observers,
/// always with the item's `sourceId`.
public enum UploadStatus: Sendable, Hashable {
    /// Every request went through; the server has the document under `documentId` (a
    /// verification's `scanReference`, or a `/v1/documents` id).
    case uploaded(sourceId: String, documentId: String)
    /// An attempt failed and will be retried (`attempt` failed attempts so far).
    case uploadFailedAttempt(sourceId: String, attempt: Int, cause: String)
    /// The item is given up: the attempt limit, or a refusal a retry cannot fix.
    case uploadPermanentlyFailed(sourceId: String, cause: String)
    /// The server could not process the document.
    case processedFailed(sourceId: String, documentId: String)
    /// The server processed the document.
    case processedSuccess(sourceId: String, documentId: String)

    /// The item it is about.
    public var sourceId: String {
        switch self {
        case .uploaded(let id, _), .uploadFailedAttempt(let id, _, _), .uploadPermanentlyFailed(let id, _),
             .processedFailed(let id, _), .processedSuccess(let id, _):
            return id
        }
    }

    /// The status's name, as the CLI's JSON prints it (`uploaded`, `uploadFailedAttempt`…).
    public var name: String {
        switch self {
        case .uploaded: "uploaded"
        case .uploadFailedAttempt: "uploadFailedAttempt"
        case .uploadPermanentlyFailed: "uploadPermanentlyFailed"
        case .processedFailed: "processedFailed"
        case .processedSuccess: "processedSuccess"
        }
    }

    /// The server's reference, when there is one.
    public var documentId: String? {
        switch self {
        case .uploaded(_, let id), .processedFailed(_, let id), .processedSuccess(_, let id): id
        case .uploadFailedAttempt, .uploadPermanentlyFailed: nil
        }
    }

    /// Why an attempt failed or the item was given up.
    public var cause: String? {
        switch self {
        case .uploadFailedAttempt(_, _, let cause), .uploadPermanentlyFailed(_, let cause): cause
        case .uploaded, .processedFailed, .processedSuccess: nil
        }
    }
}
