import Foundation
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing
@testable import PapersTextTesseract

struct TesseractTextRecognizerTests {
    static let lines = ["BLUE DOOR DINER", "123 MAIN STREET", "SUBTOTAL 26.00", "TOTAL 32.15"]

    @Test func readsARenderedPageBackWithBoxesAndConfidences() throws {
        let image = try SyntheticTextImage.render(Self.lines, fontPath: PrintFonts.sans, pixelsPerEm: 32)
        let text = try TesseractTextRecognizer().recognize(image, layout: .singleColumn)
        #expect(text.lines.map(\.text) == Self.lines)
        #expect(text.width == image.width && text.height == image.height)
        // Lines run top to bottom, words left to right, every box inside the image.
        let tops = text.lines.map(\.box.y)
        #expect(tops == tops.sorted())
        for line in text.lines {
            let lefts = line.words.map(\.box.x)
            #expect(lefts == lefts.sorted())
            #expect(line.confidence > 0.8)
            for word in line.words {
                #expect(word.box.x >= 0 && word.box.maxX <= image.width && word.box.y >= 0 && word.box.maxY <= image.height)
                #expect(word.box.height > 10 && word.box.height < 60)
            }
        }
    }

    @Test func readsColourAndCopiesShareTheEngine() throws {
        let image = try SyntheticTextImage.render(["PAID 12.00"], fontPath: PrintFonts.mono, pixelsPerEm: 30).rgb()
        let recognizer = TesseractTextRecognizer()
        let copy = recognizer
        #expect(try recognizer.recognize(image).text == "PAID 12.00")
        #expect(try copy.recognize(image, layout: .singleBlock).text == "PAID 12.00")
    }

    @Test func aBlankPageHasNoText() throws {
        let blank = Image(width: 400, height: 300, format: .gray, fill: 255)
        #expect(try TesseractTextRecognizer().recognize(blank).lines.isEmpty)
    }

    @Test func missingLanguageDataIsATypedError() throws {
        var configuration = TesseractTextRecognizer.Configuration()
        configuration.dataPath = FileManager.default.temporaryDirectory.appendingPathComponent("no-tessdata-here").path
        let image = try SyntheticTextImage.render(["X"])
        #expect(throws: RecognitionError(code: .languageDataMissing,
                                         detail: "eng.traineddata not found in \(configuration.dataPath!) (Debian: apt-get install tesseract-ocr-eng)")) {
            try TesseractTextRecognizer(configuration: configuration).recognize(image)
        }
        configuration.dataPath = nil
        configuration.language = "xx-not-a-language"
        do {
            _ = try TesseractTextRecognizer(configuration: configuration).recognize(image)
            Issue.record("an unknown language must fail")
        } catch {
            #expect(error.code == .languageDataMissing)
        }
    }

    @Test func refusesAResolutionOutOfRange() throws {
        var configuration = TesseractTextRecognizer.Configuration()
        configuration.pixelsPerInch = 10
        let image = try SyntheticTextImage.render(["X"])
        #expect { try TesseractTextRecognizer(configuration: configuration).recognize(image) } throws: {
            ($0 as? RecognitionError)?.code == .invalidInput
        }
    }

    @Test func reportsItsVersion() {
        #expect(TesseractTextRecognizer.version.hasPrefix("5") || TesseractTextRecognizer.version.hasPrefix("4"))
    }
}
