/// The body of `POST /v1/verifications/{scanReference}/liveness`: a challenge for the person
/// to answer in front of the camera. The frames that answer it are uploaded as one or more frame
/// batches labelled `liveness` whose `metadata.challenge` is ``challenge``.
public struct LivenessChallengeIssued: Sendable, Hashable, Codable {
    /// The signed challenge, to send back in the frame batches' `metadata.challenge`.
    public let challenge: String
    /// The gestures to make, in order: `left`, `right`, `up`, `down`, `blink`, `smile`.
    public let gestures: [String]
    /// Random bytes (hex) naming this challenge.
    public let nonce: String
    /// When frames stop being accepted against it (ISO 8601, UTC).
    public let expiresAt: String
    /// How long each gesture may take, in seconds, from the end of the one before.
    public let secondsPerGesture: Int

    /// Creates the body.
    public init(challenge: String, gestures: [String], nonce: String, expiresAt: String, secondsPerGesture: Int) {
        self.challenge = challenge
        self.gestures = gestures
        self.nonce = nonce
        self.expiresAt = expiresAt
        self.secondsPerGesture = secondsPerGesture
    }
}
