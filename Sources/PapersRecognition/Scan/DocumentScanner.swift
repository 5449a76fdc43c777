import Foundation
import PapersCore
import PapersImaging

/// Reads documents from photos: finds the document, straightens it, reads its MRZ, barcodes and
/// QR codes, finds the portrait, and merges the sides of one document into one ``DocumentData``.
///
/// The recognisers that need native code (barcodes, faces) are passed in, so the scanner stays
/// pure Swift; without them it reads MRZs only.
public struct DocumentScanner: Sendable {
    /// The MRZ reader.
    public var mrzReader: MRZReader
    /// The barcode reader, when barcodes are to be read. It is given the straightened document
    /// first, then the outline's wider surroundings, then the whole photo, until a licence
    /// PDF417 or a QR code turns up (see ``BarcodeImageHint``).
    public var barcodeReader: (any BarcodeReader)?
    /// The face detector, when portraits are to be found.
    public var faceDetector: (any FaceDetector)?
    /// The capture analysis run on every photo.
    public var analyzer = CaptureAnalyzer()

    /// Creates a scanner.
    public init(mrzReader: MRZReader, barcodeReader: (any BarcodeReader)? = nil, faceDetector: (any FaceDetector)? = nil) {
        self.mrzReader = mrzReader
        self.barcodeReader = barcodeReader
        self.faceDetector = faceDetector
    }

    /// Scans one photo.
    public func scanSide(_ image: Image) -> SideScan {
        let result = analyzer.analyze(image)
        var analysis = result.analysis
        // A margin around the found edges: a quad that snapped to an MRZ line must not cut it off.
        let outline = analysis.documentDetected ? result.detection.map { $0.quad.expanded(by: Self.outlineMargin) } : nil
        // Everything is read in gray; only the portrait is cut in colour, from the photo. The
        // straightened document is made once, when something reads it: an MRZ read from its band
        // alone (see MRZBand) leaves an MRZ-only scan without it.
        var straightened: Image??
        func rectified() -> Image? {
            if let made = straightened { return made }
            let made = outline.flatMap { DocumentRectifier.rectifyGray(image, quad: $0, maximumWidth: Self.readingWidth) }
            straightened = .some(made)
            return made
        }
        var side = SideScan(analysis: analysis, mrz: nil, mrzError: nil, barcodes: [], aamva: nil, qrCodes: [],
                            face: nil, faceDetectorRan: faceDetector != nil, portrait: nil, rectified: nil)

        // The outline's angle, and its wider surroundings straightened (made only when needed).
        let angle = result.detection.map { detection in
            let a = detection.quad.corners[0], b = detection.quad.corners[1]
            return atan2(b.y - a.y, b.x - a.x) * 180 / .pi
        }
        // An outline on a rectangle printed on the card leaves the MRZ or symbol partly outside it.
        let widened = { (maximumWidth: Int) -> Image? in
            guard let detection = result.detection, outline != nil else { return nil }
            return DocumentRectifier.rectifyGray(image, quad: detection.quad.expanded(by: Self.widenedOutlineMargin),
                                                 maximumWidth: maximumWidth)
        }

        // Barcodes are looked for at the finer barcode width (a PDF417's modules are a few pixels wide).
        // The document read for barcodes is made once: the PDF417 is located in it too.
        var barcodeDocument: Image??
        func barcodeDocumentMade() -> Image? {
            if let made = barcodeDocument { return made }
            let made = outline.flatMap { quad in
                DocumentRectifier.size(of: quad, maximumWidth: Self.readingWidth).width < Self.readingWidth
                    ? rectified() : DocumentRectifier.rectifyGray(image, quad: quad, maximumWidth: Self.barcodeWidth)
            }
            barcodeDocument = .some(made)
            return made
        }
        let barcodeSources = BarcodeSearch.Sources(
            document: { barcodeDocumentMade() },
            symbol: {
                guard let outline, let document = barcodeDocumentMade() else { return nil }
                return PDF417Locator.straightenedSymbol(in: document, outline: outline, photo: image)
            },
            widened: { widened(Self.barcodeWidth) }, photo: image, documentAngle: angle)
        var barcodes = barcodeReader.map { BarcodeSearch(reader: $0) }

        // MRZ (see MRZSearch): first the band of the document where the capture analysis's small
        // straightened image shows MRZ-like lines, straightened alone at the reading width; then the
        // straightened document, the whole photo, then wider and turned views. Before the slower
        // views, the straightened document's barcode: a licence whose PDF417 reads there has no
        // MRZ, and looking for one in every turn of the photo took most of its scan.
        let band = outline.flatMap { quad in
            result.measured.flatMap { MRZBand.find(in: $0, outline: quad, margin: Self.outlineMargin, photo: image, width: Self.readingWidth) }
        }
        let mrz = MRZSearch(reader: mrzReader).run(band: band, document: rectified, widened: { widened(Self.readingWidth) },
                                                   photo: image, documentAngle: angle, beforeFallbacks: {
            barcodes?.search([.document, .symbol], in: barcodeSources)
            return barcodes?.aamva == nil
        })
        side.mrz = mrz.reading
        side.mrzError = mrz.error

        // Barcodes: the straightened document, its widened outline, then the whole photo (the
        // sources searched before the MRZ's slower views are not searched again).
        if var search = barcodes {
            // A side whose MRZ is verified has been read: a barcode it also carries is printed on the
            // document, so the straightened document is searched, not the whole photo (the photo
            // ladder is the slow part, and it finds nothing on most passports).
            search.search(documentOnly: side.mrz?.isVerified == true, in: barcodeSources)
            let outcome = search.outcome
            side.barcodes = outcome.barcodes
            side.aamva = outcome.aamva
            side.qrCodes = outcome.barcodes.filter { $0.symbology == .qrCode }.map { QRPayload(bytes: $0.bytes) }
        }

        // The portrait on the document.
        if let faceDetector {
            if let outline, let rectified = rectified() {
                if let face = (try? faceDetector.detectFaces(in: rectified))?.first {
                    side.face = face
                    side.portrait = Self.portrait(of: face, in: rectified, outline: outline, photo: image)
                }
            } else if let face = (try? faceDetector.detectFaces(in: image))?.first {
                side.face = face
                side.portrait = Self.portrait(of: face, in: image)
            }
            analysis.faceDetected = side.face != nil
            side.analysis = analysis
        }
        side.rectified = straightened ?? nil
        return side
    }

    /// How far the found outline is widened on every side (a fraction of its size) before it is
    /// straightened for reading.
    static let outlineMargin = 0.05

    /// The largest width the document is straightened to for reading the MRZ and finding the
    /// portrait: an MRZ character is then still about 20 pixels wide on a passport.
    static let readingWidth = 1000

    /// The largest width the document is straightened to for reading barcodes: finer than for
    /// the MRZ, since a PDF417's narrowest bars are a few pixels wide at this size.
    static let barcodeWidth = 1400

    /// How far the outline is widened, as a fraction of its size on every side, for the second
    /// barcode search: enough to take in a whole card from a printed box of half its width.
    static let widenedOutlineMargin = 0.3

    /// Scans the photos of one document (front, back…) and merges what they carry.
    ///
    /// - Throws: ``RecognitionError`` `nothingReadable` when no photo has an MRZ, a licence
    ///   barcode or a QR code, with the likeliest reason (blur, glare, no document, an MRZ that
    ///   cannot be read).
    public func scan(_ images: [Image]) throws(RecognitionError) -> DocumentScan {
        let sides = images.map(scanSide)
        guard sides.contains(where: \.hasReadableContent) else {
            throw RecognitionError(code: .nothingReadable, detail: Self.reason(sides))
        }
        return DocumentScan(sides: sides)
    }

    /// Fewer failed checks first, then fewer uncertain characters, then the higher mean confidence.
    static func better(_ a: MRZReading, than b: MRZReading) -> Bool {
        if (a.document != nil) != (b.document != nil) { return a.document != nil }
        if a.failedChecks.count != b.failedChecks.count { return a.failedChecks.count < b.failedChecks.count }
        if a.uncertainPositions.count != b.uncertainPositions.count { return a.uncertainPositions.count < b.uncertainPositions.count }
        let meanA = a.confidences.joined().reduce(0, +), meanB = b.confidences.joined().reduce(0, +)
        return meanA > meanB
    }

    /// The face box grown to a passport-photo crop (head and shoulders), clipped to the image.
    static func portrait(of face: DetectedFace, in image: Image) -> Image? {
        guard let box = portraitBox(of: face, width: image.width, height: image.height) else { return nil }
        return image.cropped(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0)
    }

    /// The portrait of a face found on the gray straightened document, cut in colour from the
    /// photo: the crop's corners are taken back through the straightening of `outline`.
    static func portrait(of face: DetectedFace, in rectified: Image, outline: Quadrilateral, photo: Image) -> Image? {
        guard let box = portraitBox(of: face, width: rectified.width, height: rectified.height) else { return nil }
        let (w, h) = (Double(rectified.width), Double(rectified.height))
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

    /// The likeliest reason nothing was read, from what the photos showed.
    static func reason(_ sides: [SideScan]) -> String {
        if sides.allSatisfy({ !$0.analysis.documentDetected }) && sides.allSatisfy({ $0.mrzError?.code != .mrzUnreadable }) {
            return "no document found in the photo"
        }
        if sides.contains(where: { $0.analysis.isBlurry }) { return "the photo is blurred" }
        if sides.contains(where: { $0.analysis.glareDetected }) { return "glare covers part of the document" }
        if sides.contains(where: { !$0.analysis.documentInFrame && $0.analysis.documentDetected }) {
            return "the document is cut off at the edge of the photo"
        }
        if let unreadable = sides.compactMap(\.mrzError).first(where: { $0.code == .mrzUnreadable }) {
            return unreadable.detail ?? "the MRZ cannot be read"
        }
        return "no MRZ, barcode or QR code found"
    }
}
