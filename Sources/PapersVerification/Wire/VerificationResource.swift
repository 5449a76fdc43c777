import PapersCore

/// The body of `GET /v1/verifications/{scanReference}` (and of its `DELETE`). A deleted
/// verification has only its reference, status and timestamps.
public struct VerificationResource: Sendable, Hashable, Codable {
    /// The verification's reference.
    public let scanReference: String
    /// Where the verification is in its life.
    public let status: VerificationState
    /// The decision, once processed with verification enabled.
    public var verificationStatus: VerificationDecision?
    /// Why the decision is not an approval.
    public var rejectReason: RejectReason?
    /// The document's data, when anything was read (Jumio's NetverifyDocumentData field names).
    public var document: DocumentData?
    /// The checks behind the decision.
    public var checks: VerificationChecks?
    /// The selfie comparison, when identity verification was asked for.
    public var identityVerification: IdentityVerification?
    /// The active liveness check, when frames answering a liveness challenge were uploaded.
    public var liveness: LivenessVerdict?
    /// The integrator's reference, as given at creation.
    public var customerInternalReference: String?
    /// The end user's reference, as given at creation.
    public var userReference: String?
    /// The reporting label, as given at creation.
    public var reportingCriteria: String?
    /// The images stored (`front`, `back`, `face`).
    public var images: [String]?
    /// When the verification was created (ISO 8601, UTC).
    public let createdAt: String
    /// When it last changed (ISO 8601, UTC).
    public let updatedAt: String

    /// Creates a resource with only its reference, status and timestamps.
    public init(scanReference: String, status: VerificationState, createdAt: String, updatedAt: String) {
        self.scanReference = scanReference
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
