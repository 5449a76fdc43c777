/// The body of `201` of `POST /v1/verifications` and of `202` of finalize.
public struct VerificationCreated: Sendable, Hashable, Codable {
    /// The verification's reference.
    public let scanReference: String
    /// Where the verification is now.
    public let status: VerificationState
    /// The web capture link to send the end user, when the request asked for `webCapture`:
    /// single-use (it stops working once the capture is finished), expiring, and granting only
    /// the capture of this verification.
    public let captureUrl: String?

    /// Creates a body.
    public init(scanReference: String, status: VerificationState, captureUrl: String? = nil) {
        self.scanReference = scanReference
        self.status = status
        self.captureUrl = captureUrl
    }
}
