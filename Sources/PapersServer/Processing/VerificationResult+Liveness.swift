import PapersVerification

extension VerificationResult {
    /// Records a liveness verdict. A person who did not pass makes the selfie comparison invalid
    /// (`LIVENESS_FAILED`, Jumio's reason), whatever the faces' similarity.
    mutating func apply(_ verdict: LivenessVerdict) {
        liveness = verdict
        guard !verdict.isLive, var identity = identityVerification else { return }
        identity.validity = false
        identity.reason = "LIVENESS_FAILED"
        identityVerification = identity
    }
}
