import PapersCore
import PapersImaging
import PapersSynthesis
import Testing

/// The independent (FreeType) MRZ renderer: reproducible, ink where the zone is, sizes within
/// the stated ranges, and a clear error when the font is missing.
@Suite("Independent MRZ renderer")
struct IndependentMRZRendererTests {
    static let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    static let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]

    /// Rows of a gray image holding ink (a pixel darker than 128), as runs of consecutive rows.
    static func inkRowRuns(_ image: Image) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var start: Int?
        for y in 0..<image.height {
            let inked = (0..<image.width).contains { image.pixels[y * image.bytesPerRow + $0] < 128 }
            if inked, start == nil { start = y }
            if !inked, let s = start { runs.append(s...(y - 1)); start = nil }
        }
        if let s = start { runs.append(s...(image.height - 1)) }
        return runs
    }

    /// The first and last inked column within `rows`.
    static func inkColumns(_ image: Image, rows: ClosedRange<Int>) -> ClosedRange<Int> {
        let columns = (0..<image.width).filter { x in rows.contains { image.pixels[$0 * image.bytesPerRow + x] < 128 } }
        return columns.first!...columns.last!
    }

    @Test("The same seed gives the same photo, truth and style")
    func deterministic() throws {
        var configuration = IndependentMRZPhotoSet.Configuration()
        configuration.width = 480
        configuration.height = 270
        let set = IndependentMRZPhotoSet(configuration: configuration)
        let a = try set.photo(seed: 11, index: 2), b = try set.photo(seed: 11, index: 2), c = try set.photo(seed: 11, index: 3)
        #expect(a.photo.image.pixels == b.photo.image.pixels)
        #expect(a.photo.truth == b.photo.truth)
        #expect(a.style == b.style)
        #expect(a.photo.image.pixels != c.photo.image.pixels)
        #expect(a.photo.truth.mrzLines == a.identity.mrzLines)
        #expect(a.photo.truth.documentInFrame && !a.photo.truth.heavyBlur && a.photo.truth.mrzObscuredByGlare == false)
    }

    @Test("Ink lies in one band per MRZ line, at the cell centres", arguments: [td3, td1])
    func rowsOfInk(lines: [String]) throws {
        let kind: SyntheticDocumentKind = lines.count == 3 ? .idCard : .passportPage
        let (image, centres) = try IndependentMRZPhotoSet.zoneImage(lines, kind: kind, style: IndependentMRZStyle(), pixelsPerMillimetre: 10)
        let runs = Self.inkRowRuns(image)
        #expect(runs.count == lines.count)
        // Each line's cell centres fall inside its band, and the bands sit in the bottom 30% of the document.
        for (row, run) in runs.enumerated() {
            let ys = centres[(row * lines[0].count)..<((row + 1) * lines[0].count)].map(\.y)
            #expect(ys.allSatisfy { Double(run.lowerBound) < $0 && $0 < Double(run.upperBound) })
            #expect(Double(run.lowerBound) > Double(image.height) * 0.7)
            // About 2.46 mm tall (capitals; digits a little taller), 10 pixels per millimetre.
            #expect((22...30).contains(run.count))
        }
        // The line is as long as its characters at the nominal 2.54 mm pitch (less the side bearings).
        let columns = Self.inkColumns(image, rows: runs[0])
        let expected = 25.4 * Double(lines[0].count)
        #expect(Double(columns.count) > expected * 0.93 && Double(columns.count) < expected)
    }

    @Test("Drawn styles cover the stated ranges and stay inside them")
    func styleRanges() {
        var random = SeededRandom(seed: 3)
        let styles = (0..<300).map { _ in IndependentMRZStyle.random(using: &random) }
        let heights = styles.map(\.heightFactor), pitches = styles.map(\.pitchFactor)
        #expect(heights.allSatisfy(IndependentMRZStyle.heightRange.contains))
        #expect(pitches.allSatisfy(IndependentMRZStyle.pitchRange.contains))
        #expect(heights.min()! < 0.75 && heights.max()! > 1.35)
        #expect(pitches.min()! < 0.93 && pitches.max()! > 1.07)
        #expect(Set(styles.map(\.finish)) == Set(IndependentMRZStyle.Finish.allCases))
        #expect(styles.allSatisfy { abs($0.skewDegrees) <= 3 })
    }

    @Test("Pitch and height change the drawn zone in proportion")
    func pitchAndHeightApply() throws {
        func measure(_ style: IndependentMRZStyle) throws -> (width: Double, height: Double) {
            let (image, _) = try IndependentMRZPhotoSet.zoneImage(Self.td3, kind: .passportPage, style: style, pixelsPerMillimetre: 8)
            let runs = Self.inkRowRuns(image)
            return (Double(Self.inkColumns(image, rows: runs[0]).count), Double(runs[0].count))
        }
        let narrow = try measure(IndependentMRZStyle(pitchFactor: 0.92)), wide = try measure(IndependentMRZStyle(pitchFactor: 1.08))
        #expect(abs(wide.width / narrow.width - 1.08 / 0.92) < 0.03)
        let small = try measure(IndependentMRZStyle(heightFactor: 0.7)), large = try measure(IndependentMRZStyle(heightFactor: 1.4))
        #expect(abs(large.height / small.height - 2) < 0.2)
    }

    @Test("A missing font is a typed error naming the package")
    func missingFont() {
        var configuration = IndependentMRZPhotoSet.Configuration()
        configuration.width = 320
        configuration.height = 180
        configuration.fontPath = "/nonexistent/fonts/OCRB.otf"
        #expect {
            _ = try IndependentMRZPhotoSet(configuration: configuration).photo(seed: 1, index: 0)
        } throws: { error in
            (error as? IndependentRenderError)?.code == .fontNotFound
                && (error as? IndependentRenderError)?.description.contains(IndependentRenderError.fontPackage) == true
        }
        #expect(IndependentRenderError.fontPackage == "fonts-ocr-b")
    }
}
