import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// The rules by which readings of one MRZ from several views keep each other honest, and the
/// turns the search tries.
@Suite("MRZ search across views")
struct MRZSearchTests {
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// A verified-looking reading of `lines` with every character at `confidence`, except those given.
    static func reading(_ lines: [String] = lines, confidence: Double = 0.99,
                        except: [(line: Int, column: Int, confidence: Double)] = []) -> MRZReading {
        var confidences = lines.map { [Double](repeating: confidence, count: $0.count) }
        for e in except { confidences[e.line][e.column] = e.confidence }
        return MRZReading(format: .mrp, lines: lines, confidences: confidences, failedChecks: [], corrections: 0,
                          uncertainPositions: [], document: try? MRZParser.parse(lines: lines))
    }

    /// `lines` with the character at (line, column) replaced.
    static func changed(_ line: Int, _ column: Int, to character: Character) -> [String] {
        var result = lines
        var chars = Array(result[line])
        chars[column] = character
        result[line] = String(chars)
        return result
    }

    @Test("a character the reading is unsure of, read otherwise with confidence in another view, becomes uncertain")
    func unsureCharacterDoubted() {
        let mine = Self.reading(except: [(1, 0, 0.6)])
        #expect(mine.isVerified)
        let other = Self.reading(Self.changed(1, 0, to: "I"))
        let doubted = MRZSearch.doubted(mine, by: [other])
        #expect(!doubted.isVerified)
        #expect(doubted.uncertainPositions == [MRZReading.Position(line: 2, column: 1)])
    }

    @Test("a character the reading is sure of is not doubted by another view (the check digits decide)")
    func sureCharacterKept() {
        let mine = Self.reading()
        let other = Self.reading(Self.changed(1, 0, to: "I"))
        #expect(MRZSearch.doubted(mine, by: [other]).isVerified)
    }

    @Test("an unsure disagreement, or a reading of other print, casts no doubt")
    func noDoubt() {
        let mine = Self.reading(except: [(1, 0, 0.6)])
        // The other view is itself unsure of its different character.
        let unsure = Self.reading(Self.changed(1, 0, to: "I"), except: [(1, 0, 0.5)])
        #expect(MRZSearch.doubted(mine, by: [unsure]).isVerified)
        // A reading differing in more than a tenth of the characters is of something else.
        let garbage = Self.reading(Self.changed(1, 0, to: "I").map { String($0.map { $0 == "<" ? "K" : $0 }) })
        #expect(MRZSearch.doubted(mine, by: [garbage]).isVerified)
    }

    @Test("a character another view found check-blind is uncertain where this view reads it the same, not where it differs")
    func checkBlindCarries() {
        let mine = Self.reading()
        var other = Self.reading()
        other.checkBlind = [MRZReading.Position(line: 2, column: 3)]
        let doubted = MRZSearch.doubted(mine, by: [other])
        #expect(doubted.uncertainPositions == [MRZReading.Position(line: 2, column: 3)])
        #expect(doubted.checkBlind.isEmpty, "the doubt is this view's, not a finding of its own")
        // Read otherwise here (and surely), the check digits decide between the views.
        var differs = Self.reading(Self.changed(1, 2, to: "Q"))
        differs.checkBlind = [MRZReading.Position(line: 2, column: 3)]
        #expect(MRZSearch.doubted(mine, by: [differs]).isVerified)
    }

    @Test("turns are measured from the nearest quarter turn", arguments: [(0.0, 0.0), (30, 30), (100, 10), (-80, 10), (135, 45), (181, 1)])
    func residual(degrees: Double, expected: Double) {
        #expect(abs(abs(MRZSearch.residual(degrees)) - expected) < 1e-9)
        #expect(abs(MRZSearch.residual(degrees)) <= 45)
    }

    /// A mid-gray image with one dark pixel at (`x`, `y`).
    static func marked(width: Int, height: Int, x: Int, y: Int) -> Image {
        var image = Image(width: width, height: height, format: .gray)
        for i in image.pixels.indices { image.pixels[i] = 128 }
        image.pixels[y * width + x] = 0
        return image
    }

    /// The darkest pixel of a gray image.
    static func darkest(_ image: Image) -> Point {
        let i = image.pixels.indices.min { image.pixels[$0] < image.pixels[$1] }!
        return Point(x: Double(i % image.width) + 0.5, y: Double(i / image.width) + 0.5)
    }

    @Test("the photo's outline on the turned canvas is where its pixels went", arguments: [0.0, 30, -30, 12.5])
    func turnedPicture(degrees: Double) {
        let photo = Self.marked(width: 160, height: 90, x: 150, y: 10)
        let turned = photo.turnedGray(by: degrees)
        let picture = photo.turnedPicture(by: degrees)
        let mark = Self.darkest(turned)
        // The mark's position predicted from the outline (its corners are the photo's corners).
        let unit = [Point(x: 0, y: 0), Point(x: 160, y: 0), Point(x: 160, y: 90), Point(x: 0, y: 90)]
        let map = Homography(from: unit, to: picture.corners)!
        let predicted = map.apply(Point(x: 150.5, y: 10.5))
        #expect(abs(predicted.x - mark.x) <= 1.5 && abs(predicted.y - mark.y) <= 1.5)
        #expect(picture.contains(mark))
        #expect(!picture.contains(Point(x: 0.5, y: 0.5)) || degrees == 0)
    }

    @Test("a region turns with its image", arguments: [Image.Rotation.clockwise, .half, .counterClockwise])
    func regionTurns(rotation: Image.Rotation) {
        let photo = Self.marked(width: 40, height: 30, x: 33, y: 4)
        let region = Quadrilateral(corners: [Point(x: 33, y: 4), Point(x: 34, y: 4), Point(x: 34, y: 5), Point(x: 33, y: 5)])!
        let turned = region.rotated(rotation, width: 40, height: 30)
        #expect(turned.contains(Self.darkest(photo.rotated(rotation))))
    }

    @Test("the slower views are read only in the second phase, after the direct views gave nothing verified")
    func fallbacksInTheirOwnPhase() throws {
        let blank = Image(width: 320, height: 200, format: .gray, pixels: [UInt8](repeating: 230, count: 320 * 200))!
        var widenedMade = 0, documentMade = 0
        var search = MRZSearch(reader: try MRZReader.bundled())
        search.readDirectViews(band: nil, document: { documentMade += 1; return blank }, photo: { blank })
        #expect(documentMade == 1 && widenedMade == 0)
        #expect(search.outcome.reading == nil && search.outcome.error != nil)
        #expect(!search.isFinished)
        var photoMade = 0
        search.readFallbackViews(widened: { widenedMade += 1; return blank }, photo: { photoMade += 1; return blank }, picture: { _ in nil },
                                 documentAngle: 0)
        #expect(widenedMade == 1 && photoMade == 1, "the photo in gray is made once for every turn")
        #expect(search.outcome.reading == nil && search.outcome.error != nil)
    }

    @Test("a search the band finishes makes neither the whole document nor the photo in gray")
    func bandFinishes() throws {
        var random = SeededRandom(seed: 901)
        let identity = SyntheticIdentity(format: .mrp, random: &random)
        let image = MRZReaderTests.photo(identity, index: 1).image
        let result = CaptureAnalyzer().analyze(image)
        let outline = try #require(result.detection).quad.expanded(by: DocumentScanner.outlineMargin)
        let measured = try #require(result.measured)
        let band = try #require(MRZBand.find(in: measured, outline: outline, margin: DocumentScanner.outlineMargin,
                                             photo: image, width: DocumentScanner.readingWidth))
        var documentMade = 0, photoMade = 0
        let gray = image.grayscale()
        var search = MRZSearch(reader: MRZReaderTests.reader)
        search.readDirectViews(band: band, document: { documentMade += 1; return nil }, photo: { photoMade += 1; return gray })
        search.readFallbackViews(widened: { nil }, photo: { photoMade += 1; return gray }, picture: { _ in nil }, documentAngle: 20)
        #expect(search.isFinished && search.outcome.reading?.lines == identity.mrzLines)
        #expect(documentMade == 0 && photoMade == 0)
    }

    @Test("the first view's unreadable MRZ is the reason kept, ahead of later views and of none found")
    func firstUnreadableKept() {
        let measured = RecognitionError(code: .mrzUnreadable, detail: "41 of 90 characters unsure (blurred)")
        let generic = RecognitionError(code: .mrzUnreadable, detail: "the characters' cells could not be placed")
        let none = RecognitionError(code: .noMRZ)
        #expect(MRZSearch.explains(none, better: nil))
        #expect(MRZSearch.explains(measured, better: none))
        #expect(!MRZSearch.explains(generic, better: measured))
        #expect(!MRZSearch.explains(none, better: measured))
        #expect(!MRZSearch.explains(none, better: none))
    }

    @Test("without a straightened document the widened outline is never made")
    func noWidenedWithoutDocument() throws {
        let blank = Image(width: 320, height: 200, format: .gray, pixels: [UInt8](repeating: 230, count: 320 * 200))!
        var widenedMade = 0
        var search = MRZSearch(reader: try MRZReader.bundled())
        search.readDirectViews(band: nil, document: { nil }, photo: { blank })
        search.readFallbackViews(widened: { widenedMade += 1; return blank }, photo: { blank }, picture: { _ in nil }, documentAngle: nil)
        #expect(widenedMade == 0)
    }
}
