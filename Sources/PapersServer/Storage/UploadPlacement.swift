import PapersVerification

/// What became of staged uploads handed to the database.
enum UploadPlacement: Sendable, Equatable {
    /// They are the verification's now.
    case placed
    /// Nothing was placed: the verification is no longer `PENDING` (finalized or deleted while
    /// the upload arrived), or it does not exist (`nil`).
    case notPending(VerificationState?)
    /// Nothing was placed: the verification holds its quota of frame batches already.
    case quotaExceeded
}
