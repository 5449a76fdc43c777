import PapersCore
@testable import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// Glare stands in the way only where it lies over the MRZ.
@Suite("Glare over the MRZ")
struct GlareOverMRZTests {
    /// The analysis of a clean synthetic passport photo (its corners are what matters here).
    static let analysis: CaptureAnalysis = {
        var random = SeededRandom(seed: 901)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        return CaptureAnalyzer().analyze(MRZReaderTests.photo(identity, index: 1).image).analysis
    }()

    /// A side whose analysis has one glare spot around `center` (in fractions of the document).
    static func side(glareAt center: Point, mrzRows: ClosedRange<Double>?, unreadable: Bool = false) throws -> SideScan {
        var analysis = Self.analysis
        let toPhoto = try #require(Homography(from: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)],
                                              to: analysis.corners))
        let spot = [(-0.04, -0.03), (0.04, -0.03), (0.04, 0.03), (-0.04, 0.03)].map {
            toPhoto.apply(Point(x: center.x + $0.0, y: center.y + $0.1))
        }
        analysis.glareDetected = true
        analysis.glareRegions = [try #require(Quadrilateral(corners: spot))]
        return SideScan(analysis: analysis, mrz: nil,
                        mrzError: unreadable ? RecognitionError(code: .mrzUnreadable, detail: "12 of 88 characters could not be recognised") : nil,
                        barcodes: [], aamva: nil, qrCodes: [], face: nil, faceDetectorRan: false, portrait: nil, rectified: nil,
                        mrzRows: mrzRows)
    }

    @Test("glare on the portrait leaves a clean MRZ alone; glare on the MRZ's rows does not")
    func portraitOrMRZ() throws {
        #expect(Self.analysis.corners.count == 4)
        #expect(try !Self.side(glareAt: Point(x: 0.18, y: 0.45), mrzRows: 0.82...0.95).glareOverMRZ)
        #expect(try Self.side(glareAt: Point(x: 0.5, y: 0.88), mrzRows: 0.82...0.95).glareOverMRZ)
        // Where no MRZ lines were seen, either long edge counts.
        #expect(try !Self.side(glareAt: Point(x: 0.18, y: 0.5), mrzRows: nil).glareOverMRZ)
        #expect(try Self.side(glareAt: Point(x: 0.6, y: 0.9), mrzRows: nil).glareOverMRZ)
    }

    @Test("an unreadable MRZ under a clean band names what was measured, not the glare elsewhere")
    func reasonNamesTheMeasuredCause() throws {
        let portrait = try Self.side(glareAt: Point(x: 0.18, y: 0.45), mrzRows: 0.82...0.95, unreadable: true)
        let (cause, detail) = DocumentScanner.reason([portrait])
        #expect(cause == .mrzUnreadable)
        #expect(detail.contains("12 of 88"))
        let overMRZ = try Self.side(glareAt: Point(x: 0.5, y: 0.9), mrzRows: 0.82...0.95, unreadable: true)
        let (glare, sentence) = DocumentScanner.reason([overMRZ])
        #expect(glare == .glareOverMRZ)
        #expect(sentence.hasPrefix("glare covers the MRZ"))
    }

    @Test("when nothing was found, the reason names what was looked for, printed fields included when they were")
    func nothingFoundNamesWhatWasLookedFor() throws {
        let clean = try Self.side(glareAt: Point(x: 0.18, y: 0.45), mrzRows: nil)
        let (cause, withoutText) = DocumentScanner.reason([clean])
        #expect(cause == .nothingFound)
        #expect(withoutText == "no MRZ, barcode or QR code found")
        let (_, withText) = DocumentScanner.reason([clean], readsPrintedFields: true)
        #expect(withText == "no MRZ, barcode, QR code or printed ID fields found")
    }
}
