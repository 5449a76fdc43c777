import PapersImaging

/// Decides whether two photos show the same person, as Jumio's identity verification does for an
/// ID and a selfie: `MATCH` or `NO_MATCH` by the descriptor model's published threshold, or
/// `NOT_POSSIBLE` with a reason.
///
/// Either input may be a photo of an ID document: when the capture analysis finds a document
/// with a face on it, the face compared is its portrait, found on the straightened document. When
/// both inputs are documents, the one meant as the selfie is a photo of an ID
/// (`ENTIRE_ID_USED_AS_SELFIE`); when one face is a near-copy of the other's pixels, the selfie was
/// cut from the ID (`SELFIE_CROPPED_FROM_ID`).
public struct FaceMatcher: Sendable {
    /// What the matcher accepts.
    public struct Configuration: Sendable, Hashable {
        /// A photo that is not a document is searched for faces shrunk to at most this many pixels
        /// on its longer side (the detector finds faces of about 80 pixels and up). Default 1024.
        public var detectionMaximumSide = 1024
        /// A face narrower than this, in the pixels of the image it was found in, is too small to
        /// describe (`BAD_QUALITY`): dlib's descriptor reads a 150-pixel chip of the face with a
        /// quarter of padding, so such a face is enlarged more than twice. Default 60.
        public var minimumFaceWidth = 60.0
        /// In a photo that is not a document, a second face at least this share of the largest
        /// one's width is a second person (`MULTIPLE_PEOPLE`). Default 0.5.
        public var secondFaceShare = 0.5
        /// A face box may reach past the photo's edge by this share of its size before the face is
        /// not fully visible (`FACE_NOT_FULLY_VISIBLE`); dlib's boxes are loose at the chin and
        /// brow. Default 0.1.
        public var edgeTolerance = 0.1
        /// A photo with fewer colourful pixels than this share is black and white
        /// (`BLACK_AND_WHITE`); see ``FaceMatcher/colourfulness(of:)``. Default 0.01.
        public var minimumColourfulness = 0.01
        /// An input is a document only when the capture analysis's outline has at least this
        /// detection confidence: photos of faces often show a rectangle (0.5 to 0.77 on the test
        /// photos of Python's face_recognition), photos of IDs a confident one. Default 0.8.
        public var minimumDocumentConfidence = 0.8
        /// A face on a document wider than this share of the straightened document is not a
        /// portrait on it (an ID-1 card's or a passport's portrait face is about a sixth of its
        /// width). Default 0.35.
        public var maximumPortraitShare = 0.35
        /// When one input is a document and the other is not, two aligned faces whose detail
        /// correlates at least this well are copies of one picture (`SELFIE_CROPPED_FROM_ID`); see
        /// ``FaceMatcher/detailCorrelation(_:_:)``: a crop of the ID photo, enlarged and saved
        /// again, scores about 0.8 against the portrait; independent photos of one person about
        /// 0.1. Default 0.6.
        public var copyCorrelation = 0.6

        /// The defaults.
        public init() {}
    }

    /// Finds the faces.
    public var detector: any FaceDetector
    /// Describes them.
    public var embedder: any FaceEmbedder
    /// The capture analysis that finds documents in the inputs.
    public var analyzer: CaptureAnalyzer
    /// The configuration.
    public var configuration: Configuration

    /// Creates a matcher.
    public init(detector: any FaceDetector, embedder: any FaceEmbedder, analyzer: CaptureAnalyzer = CaptureAnalyzer(),
                configuration: Configuration = Configuration()) {
        self.detector = detector
        self.embedder = embedder
        self.analyzer = analyzer
        self.configuration = configuration
    }

    /// Compares the faces of two photos (a selfie, an ID document, a portrait), in either order.
    ///
    /// - Throws: ``RecognitionError`` when a model is missing or damaged or native code fails;
    ///   inputs that cannot be compared are an answer (`NOT_POSSIBLE`), not an error.
    public func match(_ first: Image, _ second: Image) throws(RecognitionError) -> FaceMatch {
        let a = try FaceSubject.examine(first, detector: detector, analyzer: analyzer, configuration: configuration)
        let b = try FaceSubject.examine(second, detector: detector, analyzer: analyzer, configuration: configuration)
        if a.isDocument && b.isDocument { return .notPossible(.entireIDUsedAsSelfie) }
        if let reason = a.problem(configuration: configuration) ?? b.problem(configuration: configuration) {
            return .notPossible(reason)
        }
        let ea = try embedder.embed(a.faces[0], in: a.image)
        let eb = try embedder.embed(b.faces[0], in: b.image)
        guard let distance = ea.descriptor.distance(to: eb.descriptor) else {
            throw RecognitionError(code: .modelCorrupt, detail: "the two face descriptors differ in length")
        }
        let score = Self.score(distance: distance, threshold: embedder.matchThreshold)
        if a.isDocument != b.isDocument, Self.detailCorrelation(ea.chip, eb.chip) >= configuration.copyCorrelation {
            return .notPossible(.selfieCroppedFromID, distance: distance, score: score)
        }
        return FaceMatch(distance: distance, score: score, similarity: distance < embedder.matchThreshold ? .match : .noMatch,
                         reason: nil)
    }

    /// The distance as a score from 0 to 1: 1 at distance 0, 0.5 at the threshold, 0 at twice it
    /// and beyond.
    public static func score(distance: Double, threshold: Double) -> Double {
        min(1, max(0, 1 - distance / (2 * threshold)))
    }

    /// The share of pixels in a photo whose colour channels differ by 16 or more (0 for gray).
    public static func colourfulness(of image: Image) -> Double {
        FaceSubject.colourfulness(of: image)
    }
}
