/// The outcome of an active liveness check, in TrustVision's shape: whether the person is live,
/// the frontal frame and each gesture's frame, and why it failed when it did.
public struct LivenessResult: Sendable, Hashable, Codable {
    /// Why a check failed.
    public enum Failure: String, Sendable, Hashable, Codable, CaseIterable {
        /// No frame showed one face looking at the camera with open eyes before the first gesture.
        case noFrontalFace = "NO_FRONTAL_FACE"
        /// A frame held more than one face.
        case multipleFaces = "MULTIPLE_FACES"
        /// A gesture was not made within its time.
        case gestureTimedOut = "GESTURE_TIMED_OUT"
        /// The frames ended before every gesture was made.
        case incomplete = "INCOMPLETE"
        /// A face's descriptor moved away from the frontal one's: someone else took over.
        case differentPerson = "DIFFERENT_PERSON"
        /// Frames arrived after the challenge expired, or out of time order.
        case expired = "CHALLENGE_EXPIRED"
    }

    /// One gesture as it was made.
    public struct Step: Sendable, Hashable, Codable {
        /// The gesture.
        public let gesture: LivenessGesture
        /// The frame (its index in the sequence) in which the gesture was complete.
        public let frame: Int
        /// Camera time of that frame, in milliseconds from the first.
        public let milliseconds: Int
    }

    /// Whether every gesture was made, in order and in time, by the same person.
    public let isLive: Bool
    /// Why not, when not.
    public let failure: Failure?
    /// The challenge's nonce.
    public let nonce: String
    /// The frame taken as the frontal reference.
    public let frontalFrame: Int?
    /// The gestures made, in order.
    public let steps: [Step]
}
