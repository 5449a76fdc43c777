import PapersImaging

/// The capture analysis of a photo and whether the document in it carries a portrait: the step
/// `papers analyze` and ``DocumentScanner/scanSide(_:)`` share, so both find the face the same way.
public struct DocumentAnalyzer: Sendable {
    /// The capture analysis.
    public var analyzer: CaptureAnalyzer
    /// The face detector; without one `faceDetected` is left absent.
    public var faceDetector: (any FaceDetector)?

    /// Creates an analyzer.
    public init(analyzer: CaptureAnalyzer = CaptureAnalyzer(), faceDetector: (any FaceDetector)? = nil) {
        self.analyzer = analyzer
        self.faceDetector = faceDetector
    }

    /// The capture analysis of `image`, with `faceDetected` set when there is a face detector.
    public func analyze(_ image: Image) -> CaptureAnalyzer.Result {
        var result = analyzer.analyze(image)
        if faceDetector != nil {
            result.analysis.faceDetected = findPortrait(in: SideViews(photo: image, analysis: result)) != nil
        }
        return result
    }

    /// The largest face and its portrait: looked for on the straightened document, or on the whole
    /// photo when no document was found (or it could not be straightened). `nil` when there is no
    /// face detector or no face. The face's box is in the pixels of the document straightened at
    /// the reading width (``DocumentScanner/readingWidth``), or of the photo.
    ///
    /// The portrait is looked for on the document straightened at ``portraitSearchWidth``, not at
    /// the reading width: a portrait's face is about a sixth of an ID-1 card's or a passport
    /// page's width, so it is still larger than the detector's smallest face there, and the
    /// search costs a third as much. Faces smaller than that (a ghost image) are not looked for.
    func findPortrait(in views: SideViews) -> (face: DetectedFace, image: Image?)? {
        guard let faceDetector else { return nil }
        if let outline = views.outline {
            let size = DocumentRectifier.size(of: outline, maximumWidth: DocumentScanner.readingWidth)
            let narrower = size.width > Self.portraitSearchWidth
            let view = narrower
                ? DocumentRectifier.rectifyGray(views.photo, quad: outline, maximumWidth: Self.portraitSearchWidth)
                : views.document
            if let view {
                let faces = try? faceDetector.detectFaces(in: view, minimumWidth: narrower ? Self.minimumPortraitFaceWidth : 0)
                guard let found = faces?.first else { return nil }
                let scale = Double(size.width) / Double(view.width)
                let face = DetectedFace(x: found.x * scale, y: found.y * scale, width: found.width * scale,
                                        height: found.height * scale, score: found.score)
                return (face, Self.portrait(of: face, width: size.width, height: size.height, outline: outline, photo: views.photo))
            }
        }
        guard let face = (try? faceDetector.detectFaces(in: views.photo))?.first else { return nil }
        return (face, Self.portrait(of: face, in: views.photo))
    }

    /// The width the document is straightened to for finding its portrait: its face is then
    /// about 90 pixels wide on an ID-1 card or a passport page.
    static let portraitSearchWidth = 560

    /// The smallest face looked for on the document straightened at ``portraitSearchWidth``:
    /// dlib's detection window, so the detector makes one pass without enlarging the image.
    static let minimumPortraitFaceWidth = 80.0

    /// The face box grown to a passport-photo crop (head and shoulders), clipped to the image.
    static func portrait(of face: DetectedFace, in image: Image) -> Image? {
        guard let box = portraitBox(of: face, width: image.width, height: image.height) else { return nil }
        return image.cropped(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0)
    }

    /// The portrait of a face found on the gray straightened document, cut in colour from the
    /// photo: the crop's corners are taken back through the straightening of `outline`.
    static func portrait(of face: DetectedFace, in rectified: Image, outline: Quadrilateral, photo: Image) -> Image? {
        portrait(of: face, width: rectified.width, height: rectified.height, outline: outline, photo: photo)
    }

    /// The portrait of a face found on the document straightened to `width`×`height`, cut in
    /// colour from the photo.
    static func portrait(of face: DetectedFace, width: Int, height: Int, outline: Quadrilateral, photo: Image) -> Image? {
        guard let box = portraitBox(of: face, width: width, height: height) else { return nil }
        let (w, h) = (Double(width), Double(height))
        let frame = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        guard let toPhoto = Homography(from: frame, to: outline.corners),
              let quad = Quadrilateral(corners: [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
                .map { toPhoto.apply(Point(x: Double($0.0), y: Double($0.1))) })
        else { return nil }
        return photo.warped(from: quad, width: box.x1 - box.x0, height: box.y1 - box.y0)
    }

    /// The face box grown to head and shoulders, clipped to a `width`×`height` image; `nil` when
    /// too little of it is left.
    static func portraitBox(of face: DetectedFace, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let cx = face.x + face.width / 2, cy = face.y + face.height / 2
        let w = face.width * 1.8, h = face.height * 2.3
        let x0 = max(0, Int(cx - w / 2)), y0 = max(0, Int(cy - h * 0.45))
        let x1 = min(width, Int(cx + w / 2)), y1 = min(height, Int(cy + h * 0.55))
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        return (x0, y0, x1, y1)
    }
}
