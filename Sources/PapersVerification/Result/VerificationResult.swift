import PapersCore

/// What processing found: stored sealed, returned by `GET /v1/verifications/{scanReference}`.
public struct VerificationResult: Sendable, Hashable, Codable {
    /// The decision; absent when verification was not asked for (extraction only).
    public var verificationStatus: VerificationDecision?
    /// Why the decision is not an approval.
    public var rejectReason: RejectReason?
    /// The document's data, when anything was read.
    public var document: DocumentData?
    /// The individual checks.
    public var checks: VerificationChecks
    /// The selfie comparison, when identity verification was asked for.
    public var identityVerification: IdentityVerification?
    /// The active liveness check, when frames answering a liveness challenge were uploaded.
    public var liveness: LivenessVerdict?

    /// Creates a result.
    public init(verificationStatus: VerificationDecision? = nil, rejectReason: RejectReason? = nil, document: DocumentData? = nil,
                checks: VerificationChecks = VerificationChecks(), identityVerification: IdentityVerification? = nil) {
        self.verificationStatus = verificationStatus
        self.rejectReason = rejectReason
        self.document = document
        self.checks = checks
        self.identityVerification = identityVerification
    }
}
