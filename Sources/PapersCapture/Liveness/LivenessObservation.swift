import PapersImaging

/// What a face detector and landmarker saw in one frame of a liveness sequence.
public struct LivenessObservation: Sendable, Hashable {
    /// Camera time of the frame, from the first one.
    public let time: Duration
    /// How many faces the frame holds.
    public let faceCount: Int
    /// The largest face's 68 landmarks, in the frame's pixels (empty without a face).
    public let landmarks: [Point]
    /// The largest face's descriptor values (dlib's 128-D ResNet descriptor), when computed.
    public let descriptor: [Float]?

    /// Creates an observation.
    public init(time: Duration, faceCount: Int, landmarks: [Point], descriptor: [Float]?) {
        self.time = time
        self.faceCount = faceCount
        self.landmarks = landmarks
        self.descriptor = descriptor
    }
}
