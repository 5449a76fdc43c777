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

/// The decision about the document.
public enum VerificationDecision: String, Sendable, Codable, CaseIterable {
    /// Read, every check passed.
    case approvedVerified = "APPROVED_VERIFIED"
    /// A check shows the document or its data is not genuine (a failed check digit on a readable
    /// MRZ, MRZ and barcode disagreeing, impossible data).
    case deniedFraud = "DENIED_FRAUD"
    /// The document was read but is not accepted (expired, or not a preselected type or country).
    case deniedUnsupportedIDType = "DENIED_UNSUPPORTED_ID_TYPE"
    /// The photos cannot be read (blur, glare, no document, unreadable MRZ).
    case errorNotReadableID = "ERROR_NOT_READABLE_ID"
    /// No front image was uploaded.
    case noIDUploaded = "NO_ID_UPLOADED"
}

/// Why a verification was not approved.
public struct RejectReason: Sendable, Hashable, Codable {
    /// A stable identifier: `MRZ_CHECK_FAILED`, `MISMATCH_PRINTED_BARCODE_DATA`, `DATA_INCONSISTENT`,
    /// `DOCUMENT_EXPIRED`, `UNSUPPORTED_DOCUMENT_TYPE`, `UNSUPPORTED_COUNTRY`, `BLURRED`, `GLARE`,
    /// `NOT_FOUND`, `UNREADABLE`, `NO_DOCUMENT`.
    public let code: String
    /// A sentence for people.
    public let description: String
}
