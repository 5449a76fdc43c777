import PapersImaging

/// What a ``FaceEmbedder`` makes of one face: where its landmarks are, the aligned face it read,
/// and its descriptor.
public struct FaceEmbedding: Sendable, Hashable {
    /// The landmarks the alignment used, in the image's pixels (dlib's 5 or 68 points).
    public let landmarks: [Point]
    /// The face cut out of the image and aligned (eyes level, at fixed places), in colour.
    public let chip: Image
    /// The descriptor computed on the chip.
    public let descriptor: FaceDescriptor

    /// Creates an embedding.
    public init(landmarks: [Point], chip: Image, descriptor: FaceDescriptor) {
        self.landmarks = landmarks
        self.chip = chip
        self.descriptor = descriptor
    }
}
