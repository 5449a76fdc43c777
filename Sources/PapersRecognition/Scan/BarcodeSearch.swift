import PapersCore
import PapersImaging

/// Where and how hard the scanner looks for barcodes on one photo, and which symbols it keeps.
///
/// The straightened document is read first. The outline may be wrong: a corner a few pixels off
/// shears the document, so the PDF417 found in it by its start and stop bars, straightened again
/// from the photo on its own outline, comes next (see ``PDF417Locator``), then the document with
/// a quiet zone painted beyond the card's outline, for a symbol printed up to the card's edge
/// (see ``PDF417QuietZone``). Most often a wrong
/// outline snapped to a rectangle printed on the card, at the card's angle, so the wider
/// surroundings of the outline, straightened the same way, come next; then the whole photo.
/// The search stops at the first source that gives a *document* symbol: a PDF417 whose payload
/// parses as AAMVA, or a QR code. A PDF417 that is not AAMVA does not stop it: it may be a false
/// detection in the print or the background, so the search keeps looking for the licence's own.
///
/// What is kept: every QR code; every AAMVA PDF417; a PDF417 that is not AAMVA only when no
/// AAMVA one was found and it is ``isPlausible(_:)``.
struct BarcodeSearch {
    /// What the search found.
    struct Outcome {
        /// The symbols kept, in the order found.
        var barcodes: [DecodedBarcode] = []
        /// The licence parsed from the first AAMVA PDF417.
        var aamva: AAMVADocument?
    }

    /// The images searched, in the order they are searched.
    enum Source: Int, CaseIterable, Comparable {
        /// The document straightened from its outline.
        case document
        /// The PDF417 located in the straightened document, straightened again on its own outline.
        case symbol
        /// The straightened document with its quiet zone restored beyond the card's outline (see
        /// ``PDF417QuietZone``).
        case quieted
        /// The outline's wider surroundings, straightened the same way.
        case widened
        /// The whole photo.
        case photo

        static func < (a: Source, b: Source) -> Bool { a.rawValue < b.rawValue }
    }

    /// Where to look: the images of one photo, the costly ones made only when searched.
    struct Sources {
        /// The straightened document, or `nil` when no document was found (made only when needed).
        var document: () -> Image?
        /// The PDF417 located in the straightened document, straightened on its own outline (made
        /// only when needed; `nil` when none is found).
        var symbol: () -> Image? = { nil }
        /// The straightened document with its quiet zone restored (made only when needed).
        var quieted: () -> Image? = { nil }
        /// The outline's wider surroundings (made only when needed).
        var widened: () -> Image? = { nil }
        /// The whole photo.
        var photo: Image
        /// The angle of the document found in the photo, in degrees, when one was found.
        var documentAngle: Double?
    }

    let reader: any BarcodeReader
    /// Every symbol found so far, each once.
    private var found: [DecodedBarcode] = []
    /// The licence parsed from the first AAMVA PDF417 found so far.
    private(set) var aamva: AAMVADocument?
    /// The sources searched so far.
    private(set) var searched: Set<Source> = []
    /// Whether the straightened document was there to search.
    private var hadDocument = false

    /// A search that has looked nowhere yet.
    init(reader: any BarcodeReader) {
        self.reader = reader
    }

    /// Whether a *document* symbol turned up (an AAMVA PDF417 or a QR code): the search is over.
    var isFinished: Bool { aamva != nil || found.contains { $0.symbology == .qrCode } }

    /// Searches `wanted` of `sources` in order, skipping those searched already, until a
    /// document symbol turns up.
    mutating func search(_ wanted: [Source], in sources: Sources) {
        for source in wanted.sorted() where !searched.contains(source) && !isFinished {
            searched.insert(source)
            let image: Image?, hint: BarcodeImageHint
            switch source {
            case .document: (image, hint) = (sources.document(), BarcodeImageHint(isStraightenedDocument: true))
            case .symbol: (image, hint) = (sources.symbol(), BarcodeImageHint(isStraightenedDocument: true))
            case .quieted: (image, hint) = (sources.quieted(), BarcodeImageHint(isStraightenedDocument: true))
            case .widened: (image, hint) = (sources.widened(), BarcodeImageHint(isStraightenedDocument: true))
            case .photo: (image, hint) = (sources.photo, BarcodeImageHint(documentAngleDegrees: sources.documentAngle))
            }
            guard let image else { continue }
            if source == .document { hadDocument = true }
            var licence = aamva
            let symbols = (try? reader.read(image, symbologies: [.pdf417, .qrCode], hint: hint) { symbol in
                switch symbol.symbology {
                case .qrCode: return true
                case .pdf417:
                    guard licence == nil, let parsed = try? AAMVAParser.parse(symbol.bytes) else { return licence != nil }
                    licence = parsed
                    return true
                }
            }) ?? []
            aamva = licence
            for symbol in symbols where !found.contains(where: { $0.symbology == symbol.symbology && $0.bytes == symbol.bytes }) {
                found.append(symbol)
            }
        }
    }

    /// Searches every source in order or, with `documentOnly`, the straightened document alone when
    /// there is one (its widened outline and the whole photo are left out; without a straightened
    /// document the photo is still searched).
    mutating func search(documentOnly: Bool, in sources: Sources) {
        search([.document], in: sources)
        guard !(documentOnly && hadDocument) else { return }
        search(Source.allCases, in: sources)
    }

    /// What the search kept: every QR code; every AAMVA PDF417; a PDF417 that is not AAMVA only
    /// when no AAMVA one was found and it is ``isPlausible(_:)``.
    var outcome: Outcome {
        // Parse the kept AAMVA symbols once more: the search may have stopped before parsing every symbol.
        let isAAMVA = { (symbol: DecodedBarcode) in (try? AAMVAParser.parse(symbol.bytes)) != nil }
        let licences = found.filter { $0.symbology == .pdf417 && isAAMVA($0) }
        let others = licences.isEmpty ? found.filter { $0.symbology == .pdf417 && Self.isPlausible($0) } : []
        let kept = found.filter { symbol in
            symbol.symbology == .qrCode || licences.contains(symbol) || others.contains(symbol)
        }
        return Outcome(barcodes: kept, aamva: aamva ?? licences.first.flatMap { try? AAMVAParser.parse($0.bytes) })
    }

    /// Searches the straightened document, then the wider surroundings of its outline straightened
    /// the same way (`widened`, made only when needed), then the photo (where a document was found
    /// at `documentAngle` degrees, when known).
    /// With `documentOnly`, see ``search(documentOnly:in:)``.
    func run(document: Image?, widened: @escaping () -> Image? = { nil }, photo: Image, documentAngle: Double? = nil,
             documentOnly: Bool = false) -> Outcome {
        var search = self
        search.search(documentOnly: documentOnly,
                      in: Sources(document: { document }, widened: widened, photo: photo, documentAngle: documentAngle))
        return search.outcome
    }

    /// Whether a PDF417 that is not an AAMVA payload is believable as a real symbol.
    ///
    /// Nothing vouches for such a payload but the symbol's own error correction, so it must carry
    /// at least the minimum ISO/IEC 15438 recommends for any symbol: level 2 (8 error-correction
    /// codewords). At levels 0 and 1 (2 or 4 codewords) a decoder that assembles codewords from
    /// texture or a damaged print can pass the check with a wrong payload; zxing-cpp's false
    /// detections on patterned backgrounds are such short, level-0 symbols. A symbol whose level
    /// the decoder does not report is not trusted either.
    static func isPlausible(_ symbol: DecodedBarcode) -> Bool {
        guard symbol.symbology == .pdf417 else { return true }
        return (symbol.errorCorrectionLevel ?? -1) >= minimumErrorCorrectionLevel
    }

    /// ISO/IEC 15438's recommended minimum error-correction level for the smallest symbols.
    static let minimumErrorCorrectionLevel = 2
}
