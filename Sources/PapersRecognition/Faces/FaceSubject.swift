import PapersImaging

/// One input of a face match as the matcher sees it: a document whose portrait carries the face,
/// or a photo of a face, with what was found in it.
struct FaceSubject {
    /// Whether the face is the portrait on a document the capture analysis found in the photo.
    var isDocument: Bool
    /// The image the faces are in: the portrait cut in colour from the document, or the photo.
    var image: Image
    /// The faces found, largest first, in ``image``'s pixels. On a document only its portrait.
    var faces: [DetectedFace]
    /// Whether the photo has no colour.
    var isColourless: Bool

    /// Looks at `photo`: when the capture analysis finds a document with a face on it, the face
    /// is its portrait (found on the straightened document); otherwise every face in the photo.
    /// The analysis sees rectangles in many photos of faces (a door, a picture frame, the edges of
    /// a backdrop), so only a confident outline with a face small beside it counts as a document.
    static func examine(_ photo: Image, detector: any FaceDetector, analyzer: CaptureAnalyzer,
                        configuration: FaceMatcher.Configuration) throws(RecognitionError) -> FaceSubject {
        let colourless = photo.format == .gray || Self.colourfulness(of: photo) < configuration.minimumColourfulness
        let views = SideViews(photo: photo, analysis: analyzer.analyze(photo))
        if views.analysis.analysis.detectionConfidence >= configuration.minimumDocumentConfidence,
           let outline = views.outline,
           case let document = DocumentRectifier.size(of: outline, maximumWidth: DocumentScanner.readingWidth),
           let portrait = DocumentAnalyzer(analyzer: analyzer, faceDetector: detector).findPortrait(in: views),
           let image = portrait.image,
           portrait.face.width <= configuration.maximumPortraitShare * Double(document.width),
           let box = DocumentAnalyzer.portraitBox(of: portrait.face, width: document.width, height: document.height) {
            // The portrait is cut at the straightened document's scale, so the face keeps its size.
            let face = portrait.face
            let inPortrait = DetectedFace(x: face.x - Double(box.x0), y: face.y - Double(box.y0),
                                          width: face.width, height: face.height, score: face.score)
            return FaceSubject(isDocument: true, image: image, faces: [inPortrait], isColourless: colourless)
        }
        // A photo of a face: dlib's detector needs faces of about 80 pixels, so a large photo is
        // searched shrunk (a selfie's face is hundreds of pixels wide) and the boxes scaled back.
        let small = photo.fitting(maximumSide: configuration.detectionMaximumSide)
        let scale = Double(photo.width) / Double(small.width)
        let faces = try detector.detectFaces(in: small).map {
            DetectedFace(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale, score: $0.score)
        }
        return FaceSubject(isDocument: false, image: photo, faces: faces, isColourless: colourless)
    }

    /// Why this input cannot be compared, if it cannot: no face, more than one person in a photo,
    /// a face cut by the photo's edge, no colour, a face too small to describe.
    func problem(configuration: FaceMatcher.Configuration) -> FaceMatch.Reason? {
        guard let face = faces.first else { return .noFacePresent }
        if !isDocument, faces.count > 1, faces[1].width >= configuration.secondFaceShare * face.width {
            return .multiplePeople
        }
        if !isDocument {
            let slackX = configuration.edgeTolerance * face.width, slackY = configuration.edgeTolerance * face.height
            if face.x < -slackX || face.y < -slackY || face.x + face.width > Double(image.width) + slackX
                || face.y + face.height > Double(image.height) + slackY {
                return .faceNotFullyVisible
            }
        }
        if isColourless { return .blackAndWhite }
        if face.width < configuration.minimumFaceWidth { return .badQuality }
        return nil
    }

    /// How colourful the photo is: the share of pixels (on a grid of at most about 65,000) whose
    /// channels differ by 16 or more. A gray photo, saved in colour or not, scores near 0; skin,
    /// clothes and the printing of a document score far higher.
    static func colourfulness(of image: Image) -> Double {
        guard image.format != .gray else { return 0 }
        let step = max(1, Int((Double(image.pixelCount) / 65_536).squareRoot()))
        var colourful = 0, total = 0
        for y in stride(from: 0, to: image.height, by: step) {
            for x in stride(from: 0, to: image.width, by: step) {
                let i = image.offset(x: x, y: y)
                let r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2]
                if max(r, g, b) - min(r, g, b) >= 16 { colourful += 1 }
                total += 1
            }
        }
        return Double(colourful) / Double(max(1, total))
    }
}
