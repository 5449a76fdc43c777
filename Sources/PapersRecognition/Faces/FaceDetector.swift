import PapersImaging

/// A face found in an image.
public struct DetectedFace: Sendable, Hashable {
    /// The face's box in the image's pixels: x, y of the top-left corner, width, height.
    public let x: Double
    /// The top of the box.
    public let y: Double
    /// The box width.
    public let width: Double
    /// The box height.
    public let height: Double
    /// The detector's score (higher is surer; detector-specific scale).
    public let score: Double

    /// Creates a detected face.
    public init(x: Double, y: Double, width: Double, height: Double, score: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.score = score
    }
}

/// Finds faces. Native bindings (dlib's HOG detector on Linux and macOS) implement it.
public protocol FaceDetector: Sendable {
    /// The faces in the image (gray or colour), largest first.
    func detectFaces(in image: Image) throws(RecognitionError) -> [DetectedFace]

    /// The faces at least `minimumWidth` pixels wide, largest first: a detector that works harder
    /// for small faces (enlarging the image) skips that work when they are not wanted.
    func detectFaces(in image: Image, minimumWidth: Double) throws(RecognitionError) -> [DetectedFace]
}

extension FaceDetector {
    /// The faces at least `minimumWidth` pixels wide, of all the faces found.
    public func detectFaces(in image: Image, minimumWidth: Double) throws(RecognitionError) -> [DetectedFace] {
        try detectFaces(in: image).filter { $0.width >= minimumWidth }
    }
}
