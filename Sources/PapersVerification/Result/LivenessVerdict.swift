/// The server's active liveness result, in TrustVision's shape: whether the person is live, the
/// frontal frame and each gesture's frame (as frame batch and index), the batches used and their
/// metadata.
public struct LivenessVerdict: Sendable, Hashable, Codable {
    /// One frame of a stored batch.
    public struct FrameReference: Sendable, Hashable, Codable {
        /// The frame batch.
        public var batchId: String
        /// The frame's index in it.
        public var frame: Int

        /// Creates a reference.
        public init(batchId: String, frame: Int) {
            self.batchId = batchId
            self.frame = frame
        }
    }

    /// One gesture as it was made.
    public struct Step: Sendable, Hashable, Codable {
        /// The gesture.
        public var gesture: String
        /// The frame in which it was complete.
        public var image: FrameReference
        /// Camera time of that frame, in milliseconds from the first.
        public var milliseconds: Int

        /// Creates a step.
        public init(gesture: String, image: FrameReference, milliseconds: Int) {
            self.gesture = gesture
            self.image = image
            self.milliseconds = milliseconds
        }
    }

    /// Whether every gesture was made, in order and in time, by the same person.
    public var isLive: Bool
    /// Why not, when not: `NO_FRONTAL_FACE`, `MULTIPLE_FACES`, `GESTURE_TIMED_OUT`, `INCOMPLETE`,
    /// `DIFFERENT_PERSON`, `CHALLENGE_EXPIRED`, `CHALLENGE_INVALID`, `UNDECODABLE_FRAME`, or
    /// `LIVENESS_NOT_AVAILABLE` (the server has no face models).
    public var failure: String?
    /// The gestures asked for, in order.
    public var gestures: [String]
    /// The challenge's nonce.
    public var nonce: String?
    /// The frame taken as the frontal reference.
    public var frontalImage: FrameReference?
    /// The gestures made, in order.
    public var steps: [Step]
    /// The frame batches judged, in upload order.
    public var frameBatchIds: [String]
    /// The batches' metadata (the challenge itself left out), merged in upload order.
    public var metadata: [String: String]?

    /// Creates a verdict.
    public init(isLive: Bool, failure: String?, gestures: [String], nonce: String?, frontalImage: FrameReference?, steps: [Step],
                frameBatchIds: [String], metadata: [String: String]?) {
        self.isLive = isLive
        self.failure = failure
        self.gestures = gestures
        self.nonce = nonce
        self.frontalImage = frontalImage
        self.steps = steps
        self.frameBatchIds = frameBatchIds
        self.metadata = metadata
    }
}
