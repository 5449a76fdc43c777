/// The outcome of a passive liveness assessment: TrustVision's `isLive`, the score it rests on
/// and every signal measured, so a caller sees why.
public struct PassiveLivenessResult: Sendable, Hashable, Codable {
    /// Why there is no judgement of the face.
    public enum Failure: String, Sendable, Hashable, Codable, CaseIterable {
        /// No frame held a face.
        case noFace = "NO_FACE"
        /// A frame held more than one face.
        case multipleFaces = "MULTIPLE_FACES"
    }

    /// Whether no signal pointed at a reproduction of a face.
    public let isLive: Bool
    /// From 0 (a reproduction) to 1 (nothing points at one): one minus the strongest signal.
    public let score: Double
    /// Why the frames could not be judged, when they could not.
    public let failure: Failure?
    /// The model that judged them.
    public let model: String
    /// The signals measured.
    public let signals: [PassiveSignal]

    /// Creates a result.
    public init(isLive: Bool, score: Double, failure: Failure?, model: String, signals: [PassiveSignal]) {
        self.isLive = isLive
        self.score = score
        self.failure = failure
        self.model = model
        self.signals = signals
    }
}
