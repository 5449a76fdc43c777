import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

@Suite("MRZ cells placed by the recogniser's scores")
struct MRZCellPlacerTests {
    /// The ICAO 9303 part 4 specimen's second line.
    static let text = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    /// `text` drawn from the OCR-B atlas, dark on light: glyphs with a cap height of `capHeight`
    /// pixels, `pitch` pixels apart, their ink spread by `spread` pixels; and the true cell centres.
    static func line(_ text: String, capHeight: Double, pitch: Double, spread: Int) -> (image: Image, centres: [Double], baseline: Double) {
        let scale = capHeight / OCRBGlyphAtlas.capHeight
        let margin = 3 * pitch
        let width = Int(2 * margin + Double(text.utf8.count) * pitch), height = Int(4 * capHeight)
        let baseline = 2.6 * capHeight
        var coverage = [Double](repeating: 0, count: width * height)
        var centres: [Double] = []
        for (column, byte) in text.utf8.enumerated() {
            let glyph = OCRBGlyphAtlas.coverage(of: byte)!
            let centre = margin + (Double(column) + 0.5) * pitch
            centres.append(centre)
            let left = centre - Double(OCRBGlyphAtlas.cellWidth) / 2 * scale, top = baseline - Double(OCRBGlyphAtlas.baseline) * scale
            for y in max(0, Int(top))..<min(height, Int(top + Double(OCRBGlyphAtlas.cellHeight) * scale) + 1) {
                for x in max(0, Int(left))..<min(width, Int(left + Double(OCRBGlyphAtlas.cellWidth) * scale) + 1) {
                    let u = Int((Double(x) + 0.5 - left) / scale), v = Int((Double(y) + 0.5 - top) / scale)
                    guard u >= 0, v >= 0, u < OCRBGlyphAtlas.cellWidth, v < OCRBGlyphAtlas.cellHeight else { continue }
                    coverage[y * width + x] = max(coverage[y * width + x], Double(glyph[v * OCRBGlyphAtlas.cellWidth + u]) / 255)
                }
            }
        }
        // Ink spread: every pixel takes the most ink within `spread` pixels.
        var spreadCoverage = coverage
        if spread > 0 {
            for y in 0..<height {
                for x in 0..<width {
                    var most = 0.0
                    for dy in -spread...spread where y + dy >= 0 && y + dy < height {
                        for dx in -spread...spread where x + dx >= 0 && x + dx < width && dx * dx + dy * dy <= spread * spread {
                            most = max(most, coverage[(y + dy) * width + x + dx])
                        }
                    }
                    spreadCoverage[y * width + x] = most
                }
            }
        }
        var image = Image(width: width, height: height, format: .gray, fill: 225)
        for i in spreadCoverage.indices { image.pixels[i] = UInt8(225 - 195 * spreadCoverage[i]) }
        return (image, centres, baseline)
    }

    /// The located line over `drawn`.
    static func textLine(_ drawn: (image: Image, centres: [Double], baseline: Double), capHeight: Double, pitch: Double) -> TextLine {
        TextLine(minX: drawn.centres.first! - 0.4 * pitch, maxX: drawn.centres.last! + 0.4 * pitch,
                 intercept: drawn.baseline - capHeight / 2, slope: 0, height: capHeight)
    }

    /// How far, in pitches, the placed cells' centres stray from the true ones at most (beyond
    /// the offset they share, which the line's straightening sets), and the text the recogniser
    /// reads in them.
    static func placed(capHeight: Double, pitch: Double, spread: Int, deskBefore: Double? = nil) throws -> (error: Double, text: String) {
        var drawn = line(text, capHeight: capHeight, pitch: pitch, spread: spread)
        if let deskBefore {
            // A dark desk up to `deskBefore` pitches before the first character's cell.
            let edge = Int(drawn.centres[0] - (0.5 + deskBefore) * pitch)
            for y in 0..<drawn.image.height { for x in 0..<edge { drawn.image.pixels[y * drawn.image.width + x] = 60 } }
        }
        let prepared = try #require(MRZLineSegmenter.prepare(drawn.image, line: textLine(drawn, capHeight: capHeight, pitch: pitch)))
        let placement = try #require(MRZCellPlacer.place(prepared, count: text.utf8.count, classifier: try OCRBClassifier.bundled()))
        // The straightened line starts 0.6 text heights before the located line.
        let shift = textLine(drawn, capHeight: capHeight, pitch: pitch).minX - 0.6 * capHeight
        let offsets = (0..<text.utf8.count).map { (placement.line.cell($0).centerX + shift - drawn.centres[$0]) / pitch }
        let shared = offsets.sorted()[offsets.count / 2]
        let error = offsets.map { abs($0 - shared) }.max()!
        let read = placement.probabilities.map { row in MRZAlphabet.characters[row.indices.max { row[$0] < row[$1] }!] }
        return (error, String(decoding: read, as: UTF8.self))
    }

    @Test("a name's letter that reads otherwise in a cell moved a little is doubted; a steady one is not")
    func shiftedReadingDoubts() throws {
        let names = "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"
        let drawn = Self.line(names, capHeight: 24, pitch: 24, spread: 0)
        let prepared = try #require(MRZLineSegmenter.prepare(drawn.image, line: Self.textLine(drawn, capHeight: 24, pitch: 24)))
        let reader = try MRZReader.bundled()
        let placement = try #require(MRZCellPlacer.place(prepared, count: 30, classifier: reader.classifier))
        // A TD1 reading whose names line (its third, which no check digit covers) is this line;
        // the first two lines are taken as sure and not read again.
        let sure = [Float](repeating: 1, count: 30)
        var lines = [[UInt8]](repeating: Array(repeating: UInt8(ascii: "<"), count: 30), count: 2) + [Array(names.utf8)]
        lines[2][0] = UInt8(ascii: "F")  // the printed E, taken as an F
        var third = sure
        third[0] = 0.95
        third[2] = 0.95  // the printed R, taken as what it is
        var decoded = MRZDecoder.Decoded(format: .td1, lines: lines, confidences: [sure, sure, third], failedChecks: [])
        decoded.segmented = [placement.line, placement.line, placement.line]
        let doubted = reader.doubtingShifts(decoded)
        #expect(doubted.confidences[2][0] == MRZReader.unsteadyConfidence)
        #expect(doubted.confidences[2][2] == 0.95)
        #expect(doubted.confidences[0] == sure && doubted.confidences[1] == sure)

        // Taken as sure as can be, the F is still read again from its cell moved up and down,
        // where the E's bottom bar shows; the R stays sure, and so do the fillers.
        decoded.confidences[2] = sure
        let steady = reader.doubtingShifts(decoded)
        #expect(steady.confidences[2][0] == MRZReader.unsteadyConfidence)
        #expect(steady.confidences[2][2] == 1)
        #expect(steady.confidences[2][29] == 1)
    }

    @Test("touching characters are cut where they are and read")
    func touching() throws {
        // Type 18% larger than its pitch, its ink spread by two pixels: most neighbours touch.
        let capHeight = 22.0, pitch = 20.0 / 0.986 * 0.92
        let drawn = Self.line(Self.text, capHeight: capHeight, pitch: pitch, spread: 2)
        let rows = Int(drawn.baseline - capHeight)..<Int(drawn.baseline)
        let open = (1..<Self.text.utf8.count).filter { i in
            (Int(drawn.centres[i - 1])..<Int(drawn.centres[i])).contains { x in
                rows.allSatisfy { drawn.image.pixels[$0 * drawn.image.width + x] > 200 }
            }
        }
        #expect(open.count < Self.text.utf8.count / 3, "\(open.count) gaps open")
        let (error, read) = try Self.placed(capHeight: capHeight, pitch: pitch, spread: 2)
        // The recogniser is trained on cells up to 0.15 × 1.25 of a pitch off centre, so its
        // scores are flat within that; a cell further off is out of step.
        #expect(error < Self.trainedCentreJitter)
        #expect(read == Self.text)
    }

    /// How far off centre, in pitches, the recogniser's training cells lie at most
    /// (`tools/ocrb/render.py`: the contract's ±15%, times 1.25).
    static let trainedCentreJitter = 0.15 * 1.25

    @Test("a pitch 8% narrower or wider than the type's is found", arguments: [0.92, 1.08])
    func offPitch(ratio: Double) throws {
        let capHeight = 22.0, pitch = capHeight / 0.986 * ratio
        let (error, read) = try Self.placed(capHeight: capHeight, pitch: pitch, spread: 1)
        #expect(error < Self.trainedCentreJitter)
        #expect(read == Self.text)
    }

    @Test("a dark desk just before the first character does not put the cells out of step", arguments: [0.1, 0.4])
    func deskBeforeTheZone(gap: Double) throws {
        let capHeight = 22.0, pitch = capHeight / 0.986
        let (error, read) = try Self.placed(capHeight: capHeight, pitch: pitch, spread: 2, deskBefore: gap)
        #expect(error < Self.trainedCentreJitter)
        #expect(read == Self.text)
    }

    @Test("a document whose MRZ characters touch is never read wrong and verified", arguments: [
        (MRZFormat.mrp, 0.92), (.td1, 1.0), (.mrp, 1.08),
    ])
    func touchingDocument(format: MRZFormat, pitchScale: Double) throws {
        var random = SeededRandom(seed: 31)
        let identity = SyntheticIdentity(format: format, random: &random)
        var configuration = PhotoSynthesizer.Configuration()
        configuration.fillRange = 0.4...0.5
        configuration.documentLongSide = 1200
        configuration.heavyBlurRate = 0
        configuration.mildBlurRate = 0
        configuration.glareRate = 0
        configuration.outOfFrameRate = 0
        let style = MRZPrintStyle(inkSpread: 0.08, glyphScale: 1.15, pitchScale: pitchScale)
        let photo = PhotoSynthesizer(configuration: configuration)
            .photo(seed: 404, index: 8, kind: IdentityPhotoSet.kind(for: format),
                   print: SyntheticPrint(mrzLines: identity.mrzLines, mrzStyle: style))
        guard let reading = try? MRZReaderTests.reader.read(photo.image), reading.isVerified else { return }
        #expect(reading.lines == identity.mrzLines)
    }
}
