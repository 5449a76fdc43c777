import PapersImaging
import PapersRecognition

extension LivenessObservation {
    /// What a liveness check needs of one frame: how many faces it shows and, for the first, its
    /// landmarks (68 points for the gestures) and descriptor.
    ///
    /// - Throws: the detector's and the embedder's errors.
    public init(frame image: Image, time: Duration, detector: any FaceDetector, embedder: any FaceEmbedder) throws(RecognitionError) {
        let faces = try detector.detectFaces(in: image)
        guard let face = faces.first else {
            self.init(time: time, faceCount: 0, landmarks: [], descriptor: nil)
            return
        }
        let embedding = try embedder.embed(face, in: image)
        self.init(time: time, faceCount: faces.count, landmarks: embedding.landmarks, descriptor: embedding.descriptor.values)
    }
}
