import CDlibShim
import PapersImaging
import PapersRecognition

/// Finds faces with dlib's HOG frontal face detector (the one file that touches its C API).
///
/// dlib's detector finds upright, roughly frontal faces of about 80×80 pixels and larger. When it
/// finds nothing in a small image, the detector looks again at the image enlarged twice (dlib's
/// `pyramid_up`), which finds faces from about 40×40 pixels at four times the cost.
///
/// The model is compiled into libdlib. Building it takes about half a second, once per process
/// (on the first detection, or up front with ``prepare()``); every call then works on its own
/// copy of it (about 0.2 ms), so the detector is a plain value, safe to share across tasks.
public struct DlibFaceDetector: FaceDetector {
    /// How the detector trades recall for time.
    public struct Configuration: Sendable, Hashable {
        /// Detections scoring below this are dropped. dlib's scores are SVM margins: 0 is dlib's
        /// own threshold; lower values find more faces and more false ones. Default 0.
        public var scoreThreshold: Double = 0
        /// When nothing is found in an image of at most this many pixels, look again at it
        /// enlarged twice (four times the work). Default 500,000: 640×480 and 800×600 frames are
        /// retried, 1280×720 ones are not. 0 turns the retry off.
        public var upsampledRetryMaximumPixels = 500_000
        /// At most this many faces are returned, the largest. Default 16.
        public var maximumFaces = 16

        /// The defaults.
        public init() {}
    }

    /// The configuration.
    public var configuration: Configuration

    /// Creates a detector. Cheap: dlib's model is built on the first detection in the process.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Builds dlib's model now (about 0.5 s, once per process) rather than on the first detection.
    ///
    /// - Throws: ``RecognitionError/Code/nativeFailure`` when dlib cannot build it.
    public static func prepare() throws(RecognitionError) {
        let detector = try makeDetector()
        papers_dlib_detector_free(detector)
    }

    /// The faces in the image, largest first. Boxes are in the image's pixels and may reach past
    /// its edges for a face cut by the frame.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for an invalid configuration,
    ///   ``RecognitionError/Code/nativeFailure`` when dlib fails.
    public func detectFaces(in image: Image) throws(RecognitionError) -> [DetectedFace] {
        guard configuration.scoreThreshold.isFinite else {
            throw RecognitionError(code: .invalidInput, detail: "configuration.scoreThreshold is not finite")
        }
        guard configuration.maximumFaces >= 1 else {
            throw RecognitionError(code: .invalidInput, detail: "configuration.maximumFaces is below 1")
        }
        guard let width = Int32(exactly: image.width), let height = Int32(exactly: image.height),
              let stride = Int32(exactly: image.bytesPerRow) else {
            throw RecognitionError(code: .invalidInput, detail: "the image is too large for dlib")
        }
        let detector = try Self.makeDetector()
        defer { papers_dlib_detector_free(detector) }

        var faces = try detect(image, width: width, height: height, stride: stride, upsample: 0, with: detector)
        if faces.isEmpty && image.pixelCount <= configuration.upsampledRetryMaximumPixels {
            faces = try detect(image, width: width, height: height, stride: stride, upsample: 1, with: detector)
        }
        faces.sort { ($0.width * $0.height, $0.score) > ($1.width * $1.height, $1.score) }
        return Array(faces.prefix(configuration.maximumFaces))
    }

    private static func makeDetector() throws(RecognitionError) -> OpaquePointer {
        var detector: OpaquePointer?
        let status = papers_dlib_detector_create(&detector)
        guard status == PAPERS_DLIB_OK, let detector else {
            throw RecognitionError(code: .nativeFailure, detail: status == PAPERS_DLIB_OUT_OF_MEMORY
                ? "dlib ran out of memory building its face model" : "dlib could not build its face model")
        }
        return detector
    }

    private func detect(_ image: Image, width: Int32, height: Int32, stride: Int32, upsample: Int32,
                        with detector: OpaquePointer) throws(RecognitionError) -> [DetectedFace] {
        let format: papers_dlib_pixel_format
        switch image.format {
        case .gray: format = PAPERS_DLIB_PIXELS_GRAY
        case .rgb: format = PAPERS_DLIB_PIXELS_RGB
        case .rgba: format = PAPERS_DLIB_PIXELS_RGBA
        }
        // Every detection dlib reports (up to a generous bound) is ranked by size here, not by score.
        var found = [papers_dlib_face](repeating: papers_dlib_face(), count: max(64, configuration.maximumFaces))
        var count: Int32 = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                papers_dlib_detect(detector, pixels.baseAddress, pixels.count, width, height, stride, format,
                                   upsample, configuration.scoreThreshold, faces.baseAddress, Int32(faces.count), &count)
            }
        }
        switch status {
        case PAPERS_DLIB_OK: break
        case PAPERS_DLIB_INVALID_ARGUMENT: throw RecognitionError(code: .invalidInput, detail: "dlib refused the image")
        case PAPERS_DLIB_OUT_OF_MEMORY: throw RecognitionError(code: .nativeFailure, detail: "dlib ran out of memory")
        default: throw RecognitionError(code: .nativeFailure, detail: "dlib's face detector failed")
        }
        return found.prefix(Int(min(count, Int32(found.count)))).map {
            DetectedFace(x: $0.left, y: $0.top, width: $0.width, height: $0.height, score: $0.score)
        }
    }
}
