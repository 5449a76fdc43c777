import PapersCore
import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// Which barcodes the scanner keeps: the licence's own PDF417 over false detections.
@Suite("Barcode search")
struct BarcodeSearchTests {
    /// A reader that gives fixed symbols per source (told apart by width) and records what it was asked.
    final class ScriptedReader: BarcodeReader, @unchecked Sendable {
        // Safety: used from one test at a time, on one thread.
        let script: [Int: [[DecodedBarcode]]]
        var passesRun: [Int: Int] = [:]

        init(_ script: [Int: [[DecodedBarcode]]]) { self.script = script }

        func read(_ image: Image, symbologies: Set<BarcodeSymbology>) throws(RecognitionError) -> [DecodedBarcode] {
            try read(image, symbologies: symbologies, hint: .none, until: { _ in true })
        }

        /// Each entry of the source's script is one pass, run in order until `isWanted` accepts a symbol.
        func read(_ image: Image, symbologies: Set<BarcodeSymbology>,
                  hint: BarcodeImageHint, until isWanted: (DecodedBarcode) -> Bool) throws(RecognitionError) -> [DecodedBarcode] {
            var all: [DecodedBarcode] = []
            for pass in script[image.width] ?? [] {
                passesRun[image.width, default: 0] += 1
                all += pass
                if pass.contains(where: isWanted) { break }
            }
            return all
        }
    }

    static let document = Image(width: 40, height: 25, format: .gray, pixels: [UInt8](repeating: 255, count: 40 * 25))!
    static let photo = Image(width: 64, height: 36, format: .gray, pixels: [UInt8](repeating: 128, count: 64 * 36))!
    static let licence = LicencePhotoSet.licence(seed: 4, index: 2).payload

    static func pdf417(_ bytes: [UInt8], level: Int?) -> DecodedBarcode {
        DecodedBarcode(symbology: .pdf417, bytes: bytes, corners: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)],
                       errorCorrectionLevel: level)
    }

    @Test("a PDF417 that is not AAMVA does not stop the search; the licence's own is kept, the false one dropped")
    func keepsLookingPastNonAAMVA() {
        let noise = Self.pdf417([0x31, 0x07, 0xA2, 0x10], level: 0)
        let reader = ScriptedReader([
            40: [[noise], []],
            64: [[], [Self.pdf417(Self.licence, level: 2)]],
        ])
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, photo: Self.photo)
        #expect(outcome.barcodes.map(\.bytes) == [Self.licence])
        #expect(outcome.aamva != nil)
        #expect(reader.passesRun[40] == 2, "every pass on the document ran: the false symbol did not stop it")
        #expect(reader.passesRun[64] == 2, "the photo was searched until the licence turned up")
    }

    @Test("documentOnly (a side whose MRZ is verified) searches the straightened document and not the photo")
    func documentOnly() {
        let reader = ScriptedReader([40: [[]], 64: [[Self.pdf417(Self.licence, level: 2)]]])
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, photo: Self.photo, documentOnly: true)
        #expect(outcome.barcodes.isEmpty)
        #expect(reader.passesRun[40] == 1)
        #expect(reader.passesRun[64] == nil)
        // Without a straightened document the photo is still searched.
        let fallback = ScriptedReader([64: [[Self.pdf417(Self.licence, level: 2)]]])
        #expect(BarcodeSearch(reader: fallback).run(document: nil, photo: Self.photo, documentOnly: true).aamva != nil)
    }

    @Test("the search stops at the document once its licence is read")
    func stopsAtTheLicence() {
        let reader = ScriptedReader([40: [[Self.pdf417(Self.licence, level: 2)], []], 64: [[]]])
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, photo: Self.photo)
        #expect(outcome.aamva != nil && outcome.barcodes.count == 1)
        #expect(reader.passesRun[40] == 1 && reader.passesRun[64] == nil)
    }

    @Test("the widened outline is searched after the document and before the photo, and only when needed")
    func widenedOutline() {
        let widened = Image(width: 52, height: 33, format: .gray, pixels: [UInt8](repeating: 200, count: 52 * 33))!
        let reader = ScriptedReader([40: [[], []], 52: [[Self.pdf417(Self.licence, level: 2)]], 64: [[]]])
        var made = 0
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, widened: { made += 1; return widened }, photo: Self.photo)
        #expect(outcome.aamva != nil && made == 1)
        #expect(reader.passesRun[40] == 2 && reader.passesRun[52] == 1 && reader.passesRun[64] == nil)

        made = 0
        let early = ScriptedReader([40: [[Self.pdf417(Self.licence, level: 2)]]])
        _ = BarcodeSearch(reader: early).run(document: Self.document, widened: { made += 1; return widened }, photo: Self.photo)
        #expect(made == 0, "the widened image is not made when the document gave the licence")
    }

    @Test("the symbol on its own outline is searched after the document and before the widened outline, and only when needed")
    func symbolOutline() {
        let symbol = Image(width: 46, height: 20, format: .gray, fill: 200)
        let widened = Image(width: 52, height: 33, format: .gray, fill: 200)
        var made = (symbol: 0, widened: 0)
        func sources() -> BarcodeSearch.Sources {
            BarcodeSearch.Sources(document: { Self.document }, symbol: { made.symbol += 1; return symbol },
                                  widened: { made.widened += 1; return widened }, photo: Self.photo)
        }
        let reader = ScriptedReader([40: [[]], 46: [[Self.pdf417(Self.licence, level: 2)]], 52: [[]], 64: [[]]])
        var search = BarcodeSearch(reader: reader)
        search.search(BarcodeSearch.Source.allCases, in: sources())
        #expect(search.outcome.aamva != nil && made.symbol == 1 && made.widened == 0)
        #expect(reader.passesRun[40] == 1 && reader.passesRun[46] == 1 && reader.passesRun[52] == nil && reader.passesRun[64] == nil)

        made = (0, 0)
        let early = ScriptedReader([40: [[Self.pdf417(Self.licence, level: 2)]]])
        var first = BarcodeSearch(reader: early)
        first.search(BarcodeSearch.Source.allCases, in: sources())
        #expect(made.symbol == 0, "the symbol is not located when the document gave the licence")
    }

    @Test("the document with its quiet zone restored is searched after the symbol and before the widened outline")
    func quietedAfterSymbol() {
        let symbol = Image(width: 46, height: 20, format: .gray, fill: 200)
        let quieted = Image(width: 48, height: 30, format: .gray, fill: 200)
        let widened = Image(width: 52, height: 33, format: .gray, fill: 200)
        var made = (quieted: 0, widened: 0)
        let sources = BarcodeSearch.Sources(document: { Self.document }, symbol: { symbol },
                                            quieted: { made.quieted += 1; return quieted },
                                            widened: { made.widened += 1; return widened }, photo: Self.photo)
        let reader = ScriptedReader([40: [[]], 46: [[]], 48: [[Self.pdf417(Self.licence, level: 2)]], 52: [[]], 64: [[]]])
        var search = BarcodeSearch(reader: reader)
        search.search(BarcodeSearch.Source.allCases, in: sources)
        #expect(search.outcome.aamva != nil && made.quieted == 1 && made.widened == 0)
        #expect(reader.passesRun[46] == 1 && reader.passesRun[48] == 1 && reader.passesRun[52] == nil)
    }

    @Test("the quiet zone is painted beyond the card's outline in the card's light level; the card is kept")
    func quietZoneRestored() throws {
        // A 110×55 document straightened from an outline widened by 5% each side: the card spans
        // columns 5..<105 and rows 2..<53 (rounded); the desk around it is black.
        var pixels = [UInt8](repeating: 0, count: 110 * 55)
        for y in 2..<53 { for x in 5..<105 { pixels[y * 110 + x] = x < 20 ? 30 : 220 } }
        let document = try #require(Image(width: 110, height: 55, format: .gray, pixels: pixels))
        let restored = try #require(PDF417QuietZone.restored(document, margin: 0.05))
        #expect(restored.width == 110 && restored.height == 55)
        #expect(restored.pixels[30 * 110 + 2] == 220 && restored.pixels[0] == 220, "the desk takes the card's light level")
        #expect(restored.pixels[30 * 110 + 10] == 30 && restored.pixels[30 * 110 + 60] == 220, "the card is unchanged")
    }

    @Test("a lone PDF417 that is not AAMVA is kept only with ISO 15438's minimum error correction",
          arguments: [(nil, false), (0, false), (1, false), (2, true), (5, true)] as [(Int?, Bool)])
    func plausibility(level: Int?, kept: Bool) {
        let other = Self.pdf417(Array("boarding pass M1DOE/JOHN".utf8), level: level)
        let reader = ScriptedReader([40: [[other]], 64: [[]]])
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, photo: Self.photo)
        #expect(outcome.barcodes.isEmpty == !kept)
        #expect(outcome.aamva == nil)
    }

    @Test("a search taken up again later does not search a source twice, and stops once the licence is read")
    func resumed() {
        let reader = ScriptedReader([40: [[], []], 64: [[Self.pdf417(Self.licence, level: 2)]]])
        let sources = BarcodeSearch.Sources(document: { Self.document }, photo: Self.photo)
        var search = BarcodeSearch(reader: reader)
        search.search([.document], in: sources)
        #expect(search.aamva == nil && !search.isFinished)
        #expect(reader.passesRun[40] == 2 && reader.passesRun[64] == nil)
        search.search(BarcodeSearch.Source.allCases, in: sources)
        #expect(reader.passesRun[40] == 2, "the document was not searched again")
        #expect(reader.passesRun[64] == 1 && search.isFinished && search.outcome.aamva != nil)
        search.search(BarcodeSearch.Source.allCases, in: sources)
        #expect(reader.passesRun[64] == 1, "a finished search looks nowhere else")
    }

    @Test("documentOnly after the document was searched already (before the MRZ's slower views) looks nowhere else")
    func documentOnlyResumed() {
        let reader = ScriptedReader([40: [[]], 64: [[Self.pdf417(Self.licence, level: 2)]]])
        let sources = BarcodeSearch.Sources(document: { Self.document }, photo: Self.photo)
        var search = BarcodeSearch(reader: reader)
        search.search([.document], in: sources)
        search.search(documentOnly: true, in: sources)
        #expect(reader.passesRun[40] == 1 && reader.passesRun[64] == nil)
        #expect(search.outcome.aamva == nil)
        search.search(documentOnly: false, in: sources)
        #expect(reader.passesRun[64] == 1 && search.outcome.aamva != nil)
    }

    @Test("a QR code stops the search and is kept")
    func qrStops() {
        let qr = DecodedBarcode(symbology: .qrCode, bytes: Array("mdoc:owBjMS4w".utf8), corners: [])
        let reader = ScriptedReader([40: [[qr]], 64: [[Self.pdf417(Self.licence, level: 2)]]])
        let outcome = BarcodeSearch(reader: reader).run(document: Self.document, photo: Self.photo)
        #expect(outcome.barcodes == [qr])
        #expect(reader.passesRun[64] == nil)
    }
}
