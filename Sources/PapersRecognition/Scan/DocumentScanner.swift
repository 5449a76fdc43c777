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
    /// Reads the printed fields of a side with neither MRZ nor licence barcode (a licence front);
    /// `nil`: such a side gives nothing.
    public var textRecognizer: (any TextRecognizer)?
    /// Turns a front's text into fields.
    public var printedExtractor = PrintedIDExtractor()

    /// Creates a scanner.
    public init(mrzReader: MRZReader, barcodeReader: (any BarcodeReader)? = nil, faceDetector: (any FaceDetector)? = nil) {
        self.mrzReader = mrzReader
        self.barcodeReader = barcodeReader
        self.faceDetector = faceDetector
    }

    /// Scans one photo: the capture analysis, then the MRZ, the barcodes and the portrait, each
    /// looking at the views of the photo it needs (made once, when first needed).
    public func scanSide(_ image: Image) -> SideScan {
        let views = SideViews(photo: image, analysis: analyzer.analyze(image))
        var side = SideScan(analysis: views.analysis.analysis, mrz: nil, mrzError: nil, barcodes: [], aamva: nil, qrCodes: [],
                            face: nil, faceDetectorRan: faceDetector != nil, portrait: nil, rectified: nil, mrzRows: nil)
        var barcodes = barcodeReader.map { BarcodeSearch(reader: $0) }

        // MRZ: the band where the analysis saw MRZ-like lines, the straightened document, the photo.
        var mrz = MRZSearch(reader: mrzReader)
        mrz.readDirectViews(band: views.band, document: { views.document }, photo: { views.grayPhoto })
        // Before the MRZ's slower views, the straightened document's barcode: a licence whose PDF417
        // reads there has no MRZ, and looking for one in every turn of the photo took most of its scan.
        if !mrz.isFinished {
            barcodes?.search([.document, .symbol, .quieted], in: views.barcodeSources)
        }
        if barcodes?.aamva == nil {
            mrz.readFallbackViews(widened: { views.widened(maximumWidth: Self.readingWidth) }, photo: { views.grayPhoto },
                                  picture: { image.turnedPicture(by: $0) }, documentAngle: views.documentAngle)
        }
        side.mrz = mrz.outcome.reading
        side.mrzError = mrz.outcome.error
        side.mrzRows = views.band?.rows

        // Barcodes: the straightened document, its widened outline, then the whole photo (the views
        // searched before the MRZ's slower views are not searched again). A side whose MRZ is
        // verified has been read: a barcode it also carries is printed on the document, so only the
        // straightened document is searched (the photo ladder is the slow part, and it finds nothing
        // on most passports).
        if var search = barcodes {
            search.search(documentOnly: side.mrz?.isVerified == true, in: views.barcodeSources)
            let outcome = search.outcome
            side.barcodes = outcome.barcodes
            side.aamva = outcome.aamva
            side.qrCodes = outcome.barcodes.filter { $0.symbology == .qrCode }.map { QRPayload(bytes: $0.bytes) }
        }

        // The printed front of a side with neither MRZ nor licence barcode read. A card front's
        // lines of text can look like an MRZ, so one that was seen but not read does not stop
        // this; the text must look like an identity document's front to count.
        if let textRecognizer, side.mrz?.document == nil, side.aamva == nil, let document = views.document,
           let text = try? textRecognizer.recognize(TextPagePreparer.flattened(document), layout: .automatic) {
            let fields = printedExtractor.extract(from: text)
            if fields.looksLikeIDFront { side.printed = fields }
        }

        // The portrait on the document.
        if faceDetector != nil {
            let portrait = DocumentAnalyzer(analyzer: analyzer, faceDetector: faceDetector).findPortrait(in: views)
            side.face = portrait?.face
            side.portrait = portrait?.image
            side.analysis.faceDetected = portrait != nil
        }
        side.rectified = views.documentIfMade
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
    ///   barcode, a QR code or (with a ``textRecognizer``) printed fields, with the likeliest reason (blur, glare, no document, an MRZ that
    ///   cannot be read).
    public func scan(_ images: [Image]) throws(RecognitionError) -> DocumentScan {
        let sides = images.map(scanSide)
        guard sides.contains(where: \.hasReadableContent) else {
            let (cause, detail) = Self.reason(sides, readsPrintedFields: textRecognizer != nil)
            throw RecognitionError(code: .nothingReadable, detail: detail, cause: cause)
        }
        return DocumentScan(sides: sides)
    }

    /// The likeliest reason nothing was read, from what the photos showed: glare counts only where
    /// it lies over the MRZ, and an MRZ that was found but not read says what was measured.
    /// `readsPrintedFields` says whether the scan also looked for printed ID fields, so that the
    /// reason names everything that was looked for.
    public static func reason(_ sides: [SideScan], readsPrintedFields: Bool = false) -> (RecognitionError.Cause, String) {
        let unreadable = sides.compactMap(\.mrzError).first(where: { $0.code == .mrzUnreadable })
        if sides.allSatisfy({ !$0.analysis.documentDetected }) && unreadable == nil {
            return (.noDocument, "no document found in the photo")
        }
        if sides.contains(where: { $0.analysis.isBlurry }) { return (.blurred, "the photo is blurred") }
        if let unreadable {
            let detail = unreadable.detail ?? "the MRZ cannot be read"
            if sides.contains(where: \.glareOverMRZ) { return (.glareOverMRZ, "glare covers the MRZ: " + detail) }
            return (.mrzUnreadable, detail)
        }
        if sides.contains(where: \.glareOverMRZ) { return (.glareOverMRZ, "glare covers the edge of the document where an MRZ is printed") }
        if sides.contains(where: { !$0.analysis.documentInFrame && $0.analysis.documentDetected }) {
            return (.cutOff, "the document is cut off at the edge of the photo")
        }
        return (.nothingFound, readsPrintedFields ? "no MRZ, barcode, QR code or printed ID fields found" : "no MRZ, barcode or QR code found")
    }
}
