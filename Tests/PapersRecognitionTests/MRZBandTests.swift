import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// The band of the document around its MRZ: found on the capture analysis's small image,
/// straightened alone, and read without straightening the whole document.
@Suite("MRZ band")
struct MRZBandTests {
    @Test("a band of the straightened document holds the same pixels as those rows of the whole")
    func bandMatchesWhole() throws {
        var random = SeededRandom(seed: 5)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        let photo = MRZReaderTests.photo(identity, index: 1)
        let quad = try #require(Quadrilateral(corners: photo.truth.corners))
        let whole = try #require(DocumentRectifier.rectifyGray(photo.image, quad: quad, maximumWidth: 1000))
        let band = try #require(DocumentRectifier.rectifyGray(photo.image, quad: quad, maximumWidth: 1000, rows: 0.6...0.9))
        #expect(band.image.width == whole.width)
        #expect(band.firstRow == Int((0.6 * Double(whole.height)).rounded(.down)))
        #expect(abs(band.image.height - Int(0.3 * Double(whole.height))) <= 2)
        // The same place, resampled on its own: equal but for rounding.
        var difference = 0
        for y in 0..<band.image.height {
            for x in 0..<band.image.width {
                difference += abs(Int(band.image.pixels[y * band.image.width + x])
                                  - Int(whole.pixels[(y + band.firstRow) * whole.width + x]))
            }
        }
        #expect(Double(difference) / Double(band.image.width * band.image.height) < 1.5)
        #expect(DocumentRectifier.rectifyGray(photo.image, quad: quad, maximumWidth: 1000, rows: 0.5...0.5) == nil)
    }

    @Test("the band around a passport's or a card's MRZ is a strip of the document, on the side of its edge, and reads verified",
          arguments: [(MRZFormat.mrp, 1, false), (.td1, 2, false), (.td2, 3, false), (.mrp, 6, true)])
    func bandReads(format: MRZFormat, index: Int, upsideDown: Bool) throws {
        var random = SeededRandom(seed: UInt64(900 + index))
        let identity = SyntheticIdentity(format: format, random: &random)
        let image = MRZReaderTests.photo(identity, index: index).image
        let frame = upsideDown ? image.rotated(.half) : image
        let result = CaptureAnalyzer().analyze(frame)
        let detection = try #require(result.detection)
        let measured = try #require(result.measured)
        let outline = detection.quad.expanded(by: DocumentScanner.outlineMargin)
        let band = try #require(MRZBand.find(in: measured, outline: outline, margin: DocumentScanner.outlineMargin,
                                             photo: frame, width: DocumentScanner.readingWidth))
        let whole = try #require(DocumentRectifier.rectifyGray(frame, quad: outline, maximumWidth: DocumentScanner.readingWidth))
        #expect(band.image.width == whole.width)
        #expect(band.image.height < whole.height / 2, "a strip, not the document")
        #expect(MRZLocator.documentGaps.contains(band.gapFraction))
        let reading = try MRZReaderTests.reader.read(band.image, rotations: [nil], straightened: true, gapFractions: [band.gapFraction])
        #expect(reading.lines == identity.mrzLines)
        #expect(reading.isVerified)
    }

    @Test("an MRZ-only scan reads from the band and leaves the whole document unmade, with a face detector too")
    func scanSkipsTheWhole() throws {
        var random = SeededRandom(seed: 901)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        let image = MRZReaderTests.photo(identity, index: 1).image
        let side = MRZReaderTests.scanner.scanSide(image)
        #expect(side.mrz?.lines == identity.mrzLines && side.mrz?.isVerified == true)
        #expect(side.rectified == nil)
        /// Finds a 100-pixel face on any image at most as wide as the portrait search's straightening.
        struct FaceIfNarrow: FaceDetector {
            func detectFaces(in image: Image) throws(RecognitionError) -> [DetectedFace] {
                image.width <= 560 ? [DetectedFace(x: 100, y: 100, width: 100, height: 100, score: 1)] : []
            }
        }
        let withFaces = DocumentScanner(mrzReader: MRZReaderTests.reader, faceDetector: FaceIfNarrow()).scanSide(image)
        #expect(withFaces.mrz?.lines == identity.mrzLines)
        // The portrait is looked for on the document straightened at 560 px, not on the reading view,
        // and the face is reported in the reading view's pixels.
        #expect(withFaces.rectified == nil)
        let face = try #require(withFaces.face)
        #expect(face.width > 100 && withFaces.portrait != nil)
    }

    @Test("a straightened image without MRZ-like lines gives no band")
    func noLines() {
        let blank = Image(width: 512, height: 330, format: .gray, pixels: [UInt8](repeating: 220, count: 512 * 330))!
        let photo = Image(width: 640, height: 480, format: .rgb, fill: 200)
        let quad = Quadrilateral(corners: [Point(x: 100, y: 100), Point(x: 500, y: 100), Point(x: 500, y: 360), Point(x: 100, y: 360)])!
        #expect(MRZBand.find(in: blank, outline: quad, margin: 0.05, photo: photo, width: 1000) == nil)
    }
}
