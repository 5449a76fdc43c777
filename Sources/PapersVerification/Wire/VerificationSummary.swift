/// One row of `GET /v1/verifications`.
public struct VerificationSummary: Sendable, Hashable, Codable {
    /// The verification's reference.
    public let scanReference: String
    /// Where the verification is in its life.
    public let status: VerificationState
    /// The decision, once there is one.
    public let verificationStatus: VerificationDecision?
    /// When it was created (ISO 8601, UTC).
    public let createdAt: String
    /// When it last changed (ISO 8601, UTC).
    public let updatedAt: String

    /// Creates a row.
    public init(scanReference: String, status: VerificationState, verificationStatus: VerificationDecision?, createdAt: String, updatedAt: String) {
        self.scanReference = scanReference
        self.status = status
        self.verificationStatus = verificationStatus
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
