import PapersImaging
import PapersRecognition

/// Finds faces with dlib's HOG frontal face detector.
///
/// dlib's detector finds upright, roughly frontal faces of about 80×80 pixels and larger. When it
/// finds nothing in a small image, the detector looks again at the image enlarged twice (dlib's
/// `pyramid_up`), which finds faces from about 40×40 pixels at four times the cost.
///
/// The model is compiled into libdlib. Building it takes about 0.4 s the first time on a machine
/// and 7 ms after that (the decompressed model is cached in `$XDG_CACHE_HOME/papers`, or
/// `~/.cache/papers`), once per process (on the first detection, or up front with ``prepare()``);
/// every call then works on its own copy of it (about 0.2 ms), so the detector is a plain value,
/// safe to share across tasks.
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

    /// Builds dlib's model now rather than on the first detection: once per process, about 0.4 s
    /// the first time on a machine, then 7 ms from its cache in `$XDG_CACHE_HOME/papers` (or
    /// `~/.cache/papers`).
    ///
    /// - Throws: ``RecognitionError/Code/nativeFailure`` when dlib cannot build it.
    public static func prepare() throws(RecognitionError) {
        try DlibShim.prepareDetector()
    }

    /// The faces in the image, largest first. Boxes are in the image's pixels and may reach past
    /// its edges for a face cut by the frame.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for an invalid configuration,
    ///   ``RecognitionError/Code/nativeFailure`` when dlib fails.
    public func detectFaces(in image: Image) throws(RecognitionError) -> [DetectedFace] {
        try detect(in: image, retryUpsampledBelow: configuration.upsampledRetryMaximumPixels)
    }

    /// The faces at least `minimumWidth` pixels wide, largest first. dlib finds faces of about 80
    /// pixels and up in one pass, so for such a minimum the enlarged retry is skipped.
    ///
    /// - Throws: as ``detectFaces(in:)``.
    public func detectFaces(in image: Image, minimumWidth: Double) throws(RecognitionError) -> [DetectedFace] {
        let retry = minimumWidth >= Self.windowSize ? 0 : configuration.upsampledRetryMaximumPixels
        return try detect(in: image, retryUpsampledBelow: retry).filter { $0.width >= minimumWidth }
    }

    /// The side of dlib's detection window, in pixels: the smallest face one pass finds.
    public static let windowSize = 80.0

    private func detect(in image: Image, retryUpsampledBelow: Int) throws(RecognitionError) -> [DetectedFace] {
        guard configuration.scoreThreshold.isFinite else {
            throw RecognitionError(code: .invalidInput, detail: "configuration.scoreThreshold is not finite")
        }
        guard configuration.maximumFaces >= 1 else {
            throw RecognitionError(code: .invalidInput, detail: "configuration.maximumFaces is below 1")
        }
        // Every detection dlib reports (up to a generous bound) is ranked by size here, not by score.
        var faces = try DlibShim.detect(image, threshold: configuration.scoreThreshold,
                                        capacity: max(64, configuration.maximumFaces),
                                        retryUpsampledBelow: retryUpsampledBelow)
        faces.sort { ($0.width * $0.height, $0.score) > ($1.width * $1.height, $1.score) }
        return Array(faces.prefix(configuration.maximumFaces))
    }
}
