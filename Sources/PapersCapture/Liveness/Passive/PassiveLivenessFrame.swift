import PapersImaging
import PapersRecognition

/// One selfie frame for a passive liveness assessment, with what a face detector found in it.
public struct PassiveLivenessFrame: Sendable {
    /// The frame, RGB (or gray).
    public let image: Image
    /// Camera time of the frame, from the first one.
    public let time: Duration
    /// The faces found, largest first.
    public let faces: [DetectedFace]
    /// The largest face's 68 landmarks (dlib's layout), when placed; the sequence signal needs them.
    public let landmarks: [Point]

    /// Creates a frame.
    public init(image: Image, time: Duration = .zero, faces: [DetectedFace], landmarks: [Point] = []) {
        self.image = image
        self.time = time
        self.faces = faces
        self.landmarks = landmarks
    }
}
