import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

@Suite("MRZ reader on synthetic photos")
struct MRZReaderTests {
    /// A clean 1280×720 photo (no blur, glare or cut-off) of a document carrying `identity`'s MRZ.
    static func photo(_ identity: SyntheticIdentity, index: Int) -> SyntheticPhoto {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.fillRange = 0.35...0.5
        configuration.documentLongSide = 1200
        configuration.heavyBlurRate = 0
        configuration.mildBlurRate = 0
        configuration.glareRate = 0
        configuration.outOfFrameRate = 0
        return PhotoSynthesizer(configuration: configuration)
            .photo(seed: 404, index: index, kind: IdentityPhotoSet.kind(for: identity.format),
                   print: SyntheticPrint(mrzLines: identity.mrzLines))
    }

    static let reader: MRZReader = try! MRZReader.bundled()
    static let scanner = DocumentScanner(mrzReader: reader)

    @Test("passports, ID cards and visas read exactly, verified", arguments: [
        (MRZFormat.mrp, 1), (.td1, 2), (.td2, 3), (.mrvA, 24), (.mrvB, 5),
    ])
    func readsEachFormat(format: MRZFormat, index: Int) throws {
        var random = SeededRandom(seed: UInt64(900 + index))
        let identity = SyntheticIdentity(format: format, random: &random)
        let side = Self.scanner.scanSide(Self.photo(identity, index: index).image)
        guard let reading = side.mrz else {
            Issue.record("no MRZ read: \(side.mrzError?.description ?? "")")
            return
        }
        #expect(reading.lines == identity.mrzLines)
        #expect(reading.isVerified)
        #expect(reading.document?.idNumber == identity.document.idNumber)
        #expect(reading.document?.dob == identity.document.dob)
    }

    @Test("an upside-down document reads the same")
    func upsideDown() throws {
        var random = SeededRandom(seed: 77)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        let side = Self.scanner.scanSide(Self.photo(identity, index: 6).image)
        let flipped = Self.scanner.scanSide(Self.photo(identity, index: 6).image.rotated(.half))
        let reading = try #require(flipped.mrz?.lines)
        #expect(side.mrz?.lines == reading)
        #expect(reading == identity.mrzLines)
    }

    @Test("a photo without an MRZ is reported as such")
    func noMRZ() {
        var canvas = Image(width: 640, height: 480, format: .rgb, fill: 200)
        for y in 100..<140 { for x in 100..<300 { canvas.pixels[(y * 640 + x) * 3] = 20 } }
        #expect(throws: RecognitionError.self) { try Self.reader.read(canvas) }
        do { _ = try Self.reader.read(canvas) } catch { #expect(error.code == .noMRZ) }
    }

    @Test("a reading's unsure characters: those read below the threshold and those the checks leave uncertain")
    func unsureCount() {
        let reading = MRZReading(format: .td2, lines: ["", ""], confidences: [[0.9, 0.2, 0.4], [0.99, 0.3, 1]],
                                 failedChecks: [], corrections: 0,
                                 uncertainPositions: [.init(line: 1, column: 2), .init(line: 2, column: 3)], document: nil)
        #expect(MRZReader.unsureCount(of: reading, below: 0.5) == 4)
    }
}
