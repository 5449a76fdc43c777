/// The body of `201` of `POST /v1/verifications` and of `202` of finalize.
public struct VerificationCreated: Sendable, Hashable, Codable {
    /// The verification's reference.
    public let scanReference: String
    /// Where the verification is now.
    public let status: VerificationState

    /// Creates a body.
    public init(scanReference: String, status: VerificationState) {
        self.scanReference = scanReference
        self.status = status
    }
}
