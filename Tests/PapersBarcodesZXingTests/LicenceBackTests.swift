import Foundation
import PapersBarcodesZXing
import PapersCore
import PapersImaging
import PapersImagingCodecs
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// Synthetic licence backs carry a real PDF417: zxing-cpp reads the exact payload back from the photos.
@Suite("Synthetic licence backs")
struct LicenceBackTests {
    static let set = LicencePhotoSet()

    /// Photos 1 and 3 of seed 3 are sharp, in frame, normally exposed and free of glare on the
    /// barcode (checked below), so a plain zxing-cpp read of the straightened card must give the payload.
    @Test("a licence back photo carries a PDF417 that reads back to the exact payload, recorded in the truth", arguments: [1, 3])
    func photoReadsBack(index: Int) throws {
        let licence = LicencePhotoSet.licence(seed: 3, index: index)
        let bitmap = try ZXingBarcodeWriter().image(encoding: licence.payload, as: .pdf417)
        let photo = Self.set.photo(seed: 3, index: index, licence: licence, barcode: bitmap)
        let truth = photo.truth
        #expect(truth.kind == .idCard)
        #expect(truth.barcodePayload == Data(licence.payload))
        #expect(truth.mrzLines == nil && truth.mrzObscuredByGlare == nil)
        try #require(truth.sharp && truth.documentInFrame && truth.barcodeObscuredByGlare == false && truth.exposureGain == 1,
                     "photo \(index) of seed 3 is no longer a clean one: pick another")
        // As delivered: through JPEG at the photo's own quality, then straightened with the true corners.
        let image = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: truth.jpegQuality))
        let quad = try #require(Quadrilateral(corners: truth.corners))
        let document = try #require(DocumentRectifier.rectify(image, quad: quad, maximumWidth: 1400))
        let found = try ZXingBarcodeReader().read(document, symbologies: [.pdf417])
        // Compared, not printed: the payload is a (made-up) person's data.
        #expect(found.count == 1)
        #expect(found.first?.bytes == licence.payload, "photo \(index): the PDF417 read differs from the payload")
    }

    @Test("the payload parses back to the licence it was generated from", arguments: 0..<12)
    func payloadParses(index: Int) throws {
        let licence = LicencePhotoSet.licence(seed: 9, index: index)
        #expect(licence == LicencePhotoSet.licence(seed: 9, index: index), "the same seed and index give the same licence")
        let document = try AAMVAParser.parse(licence.payload)
        #expect(document.names.last == licence.card.lastName)
        #expect(document.names.first == licence.card.firstName)
        #expect(document.names.middle == licence.card.middleName)
        #expect(document.dates.birth == licence.card.dateOfBirth)
        #expect(document.dates.expiry == licence.card.expiryDate)
        #expect(document.dates.issue == licence.card.issueDate)
        #expect(document.idNumber == licence.card.idNumber)
        #expect(document.sex == licence.card.sex)
        #expect(document.address.street1 == licence.card.street1)
        #expect(document.address.city == licence.card.city)
        #expect(document.jurisdiction == licence.card.jurisdiction.code)
        #expect(document.aamvaVersion == licence.generator.version)
    }

    @Test("identity photos record no barcode")
    func identityPhotosHaveNoBarcode() {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 320
        configuration.height = 180
        let truth = PhotoSynthesizer(configuration: configuration).photo(seed: 1, index: 0, kind: .idCard,
                                                                        print: SyntheticPrint(mrzLines: ["P<UTO"])).truth
        #expect(truth.barcodePayload == nil && truth.barcodeObscuredByGlare == nil)
        #expect(truth.mrzObscuredByGlare != nil)
    }

    /// Photos of seed 3 (as `papers synth --documents licence --seed 3` writes them) whose
    /// barcode rows the MRZ search took for MRZ-like lines and read, most characters guessed.
    @Test("a licence back's barcode rows are not reported as an MRZ", arguments: [3, 5, 25])
    func barcodeRowsAreNoMRZ(index: Int) throws {
        let licence = LicencePhotoSet.licence(seed: 3, index: index)
        let bitmap = try ZXingBarcodeWriter().image(encoding: licence.payload, as: .pdf417)
        let photo = LicencePhotoSet(width: 1280, height: 720).photo(seed: 3, index: index, licence: licence, barcode: bitmap)
        let image = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
        let side = DocumentScanner(mrzReader: try MRZReader.bundled()).scanSide(image)
        #expect(side.mrz == nil, "read as an MRZ with \(side.mrz?.uncertainPositions.count ?? 0) uncertain characters")
        #expect(side.mrzError != nil)
    }
}

/// A 1920×1080 licence back of the `eval barcode` set as `papers scan` straightens it for barcodes.
struct StraightenedLicenceBack {
    let licence: SyntheticLicence
    let truth: SyntheticPhotoTruth
    /// The photo as delivered (through JPEG at its own quality).
    let image: Image
    /// The found outline, widened by the scanner's margin.
    let outline: Quadrilateral
    /// The outline straightened in gray at the scanner's barcode width.
    let document: Image

    init(seed: UInt64, index: Int) throws {
        licence = LicencePhotoSet.licence(seed: seed, index: index)
        let bitmap = try ZXingBarcodeWriter().image(encoding: licence.payload, as: .pdf417)
        let photo = LicencePhotoSet(width: 1920, height: 1080).photo(seed: seed, index: index, licence: licence, barcode: bitmap)
        truth = photo.truth
        image = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: truth.jpegQuality))
        let detection = try #require(CaptureAnalyzer().analyze(image).detection)
        outline = detection.quad.expanded(by: DocumentScanner.outlineMargin)
        document = try #require(DocumentRectifier.rectifyGray(image, quad: outline, maximumWidth: DocumentScanner.barcodeWidth))
    }

    /// The PDF417s read from a straightened image with the straightened ladder of `configuration`.
    static func read(_ image: Image, configuration: ZXingBarcodeReader.Configuration = .init()) throws -> [[UInt8]] {
        try ZXingBarcodeReader(configuration: configuration)
            .read(image, symbologies: [.pdf417], hint: BarcodeImageHint(isStraightenedDocument: true)) { _ in true }
            .map(\.bytes)
    }
}

/// A licence back whose outline is found a little wrong: the PDF417 straightened on its own outline reads.
@Suite("Licence backs with a skewed outline")
struct SkewedOutlineTests {
    /// Photo 60 of seed 5 at 1920×1080 is a sharp card on a gradient whose found outline has its
    /// bottom side tilted the wrong way (a corner about 40 pixels off): the straightened document
    /// is sheared and no pass of its ladder without sharpening reads the symbol. Located by its
    /// start and stop bars and straightened again, it reads to the exact payload with those passes.
    @Test("the symbol straightened on its own outline reads where the sheared document does not")
    func symbolOutlineReads() throws {
        let back = try StraightenedLicenceBack(seed: 5, index: 60)
        try #require(back.truth.sharp && back.truth.barcodeObscuredByGlare == false,
                     "photo 60 of seed 5 is no longer a clean one: pick another")
        // The ladder's passes without sharpening: its sharpened enlargement also reads some
        // sheared documents, which would hide what the symbol's own outline does.
        var plain = ZXingBarcodeReader.Configuration()
        plain.straightenedDocumentAttempts = ZXingBarcodeReader.Attempt.straightenedDocument.filter { $0.sharpening == 0 }
        try #require(try StraightenedLicenceBack.read(back.document, configuration: plain).isEmpty,
                     "the sheared document reads now: this photo no longer shows the case")
        let symbol = try #require(PDF417Locator.straightenedSymbol(in: back.document, outline: back.outline, photo: back.image))
        // Compared, not printed: the payload is a (made-up) person's data.
        #expect(try StraightenedLicenceBack.read(symbol, configuration: plain) == [back.licence.payload])
    }
}

/// A mildly blurred licence back: the straightened ladder's unsharp masking reads its PDF417.
@Suite("Mildly blurred licence backs")
struct BlurredLicenceTests {
    /// Photo 92 of seed 5 at 1920×1080 is a card on a tablecloth blurred with σ 1.2: no pass of
    /// the straightened ladder without sharpening reads it; the whole ladder gives the exact payload.
    @Test("unsharp masking reads a mildly blurred PDF417 that the passes without it miss")
    func sharpenedPassReads() throws {
        let back = try StraightenedLicenceBack(seed: 5, index: 92)
        try #require(back.truth.blurSigma > 1 && !back.truth.heavyBlur && back.truth.barcodeObscuredByGlare == false,
                     "photo 92 of seed 5 is no longer a mildly blurred one: pick another")
        let ladder = ZXingBarcodeReader.Attempt.straightenedDocument
        try #require(ladder.contains { $0.sharpening > 0 }, "the ladder has sharpened passes")
        var unsharpened = ZXingBarcodeReader.Configuration()
        unsharpened.straightenedDocumentAttempts = ladder.filter { $0.sharpening == 0 }
        try #require(try StraightenedLicenceBack.read(back.document, configuration: unsharpened).isEmpty,
                     "the passes without sharpening read it now: this photo no longer shows the case")
        // Compared, not printed: the payload is a (made-up) person's data.
        #expect(try StraightenedLicenceBack.read(back.document) == [back.licence.payload])
    }
}
