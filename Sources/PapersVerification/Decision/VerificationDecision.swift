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
