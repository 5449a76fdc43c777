import PapersImaging
import PapersRecognition

/// Describes faces with dlib: a shape predictor places the landmarks, the face is aligned to a
/// 150×150 chip as dlib's `get_face_chip_details(shape, 150, 0.25)` and `extract_image_chip` do,
/// and dlib's ResNet (`dlib_face_recognition_resnet_model_v1`) turns the chip into 128 numbers.
/// Faces of one person lie less than 0.6 apart (dlib reports 99.38% on the LFW benchmark).
///
/// The models are read from files (see ``DlibFaceModels``), once per process and file; an
/// embedder is a plain value, safe to share across tasks.
public struct DlibFaceEmbedder: FaceEmbedder {
    /// Which of dlib's shape predictors places the landmarks.
    public enum Landmarks: Sendable, Hashable, CaseIterable {
        /// Five points (eye corners and the base of the nose): what the Python `face_recognition`
        /// library aligns with by default; the faster one.
        case five
        /// Sixty-eight points (jaw, brows, eyes, nose, mouth): what dlib's own example aligns with.
        case sixtyEight
    }

    /// dlib's published threshold: descriptors closer than 0.6 are the same person.
    public let matchThreshold = 0.6

    private let predictor: DlibShim.ShapePredictor
    private let network: DlibShim.FaceNet

    /// Loads the models (or finds them already loaded in this process).
    ///
    /// - Parameters:
    ///   - models: where the model files are; by default `PAPERS_FACE_MODELS` or the standard places.
    ///   - landmarks: which shape predictor aligns the faces. Default ``Landmarks/five``.
    /// - Throws: ``RecognitionError/Code/modelMissing`` when a model file is not found,
    ///   ``RecognitionError/Code/modelCorrupt`` when one is not the model dlib expects.
    public init(models: DlibFaceModels = .standard(), landmarks: Landmarks = .five) throws(RecognitionError) {
        let predictorFile = landmarks == .five ? DlibFaceModels.fivePointPredictor : DlibFaceModels.sixtyEightPointPredictor
        predictor = try DlibShim.shapePredictor(at: models.path(of: predictorFile))
        network = try DlibShim.faceNet(at: models.path(of: DlibFaceModels.descriptorNetwork))
    }

    /// The landmarks of `face` (a box a detector found in `image`), in the image's pixels.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for an empty box, or
    ///   ``RecognitionError/Code/nativeFailure`` when dlib fails.
    public func landmarks(of face: DetectedFace, in image: Image) throws(RecognitionError) -> [Point] {
        try DlibShim.landmarks(of: face, in: image, with: predictor)
    }

    /// The face whose `landmarks` (5 or 68, as ``landmarks(of:in:)`` places them) are given,
    /// aligned as dlib's descriptor reads it: a 150×150 RGB chip.
    ///
    /// - Throws: as ``landmarks(of:in:)``.
    public func chip(aligning landmarks: [Point], in image: Image) throws(RecognitionError) -> Image {
        try DlibShim.chip(of: landmarks, in: image, size: DlibShim.chipSize, padding: 0.25)
    }

    /// The descriptor of an aligned 150×150 RGB chip (as ``chip(aligning:in:)`` makes it).
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for a chip of another size or layout,
    ///   ``RecognitionError/Code/nativeFailure`` when dlib fails.
    public func descriptor(ofChip chip: Image) throws(RecognitionError) -> FaceDescriptor {
        FaceDescriptor(values: try DlibShim.descriptor(of: chip, with: network))
    }

    /// The landmarks, the aligned chip and the descriptor of `face` in `image`.
    ///
    /// - Throws: as ``landmarks(of:in:)``.
    public func embed(_ face: DetectedFace, in image: Image) throws(RecognitionError) -> FaceEmbedding {
        let points = try landmarks(of: face, in: image)
        let chip = try chip(aligning: points, in: image)
        return FaceEmbedding(landmarks: points, chip: chip, descriptor: try descriptor(ofChip: chip))
    }
}
