import PapersImaging

/// Describes faces so that two of them can be compared. Native bindings (dlib's shape predictor
/// and ResNet descriptor on Linux and macOS) implement it.
public protocol FaceEmbedder: Sendable {
    /// The distance between two descriptors below which they are the same person, as the model's
    /// authors publish it (0.6 for dlib's ResNet descriptor).
    var matchThreshold: Double { get }

    /// Places landmarks on `face` (a box a ``FaceDetector`` found in `image`), aligns it and
    /// computes its descriptor.
    func embed(_ face: DetectedFace, in image: Image) throws(RecognitionError) -> FaceEmbedding
}
