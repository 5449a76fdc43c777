import PapersCore
import PapersImaging

/// Where and how hard the scanner looks for barcodes on one photo, and which symbols it keeps.
///
/// The straightened document is read first. The outline may be wrong: most often it snapped to
/// a rectangle printed on the card, at the card's angle, so the wider surroundings of the
/// outline, straightened the same way, come next; then the whole photo.
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

    let reader: any BarcodeReader

    /// Searches the straightened document, then the wider surroundings of its outline straightened
    /// the same way (`widened`, made only when needed), then the photo (where a document was found
    /// at `documentAngle` degrees, when known).
    /// With `documentOnly`, only the straightened document is searched (its widened outline and the
    /// whole photo are left out).
    func run(document: Image?, widened: () -> Image? = { nil }, photo: Image, documentAngle: Double? = nil, documentOnly: Bool = false) -> Outcome {
        var found: [DecodedBarcode] = []
        var aamva: AAMVADocument?
        func isWanted(_ symbol: DecodedBarcode) -> Bool {
            switch symbol.symbology {
            case .qrCode: return true
            case .pdf417:
                guard aamva == nil, let parsed = try? AAMVAParser.parse(symbol.bytes) else { return aamva != nil }
                aamva = parsed
                return true
            }
        }
        for step in 0..<(documentOnly && document != nil ? 1 : 3) {
            let source: Image?, hint: BarcodeImageHint
            switch step {
            case 0: (source, hint) = (document, BarcodeImageHint(isStraightenedDocument: true))
            case 1: (source, hint) = (widened(), BarcodeImageHint(isStraightenedDocument: true))
            default: (source, hint) = (photo, BarcodeImageHint(documentAngleDegrees: documentAngle))
            }
            guard let source else { continue }
            let symbols = (try? reader.read(source, symbologies: [.pdf417, .qrCode], hint: hint, until: isWanted)) ?? []
            for symbol in symbols where !found.contains(where: { $0.symbology == symbol.symbology && $0.bytes == symbol.bytes }) {
                found.append(symbol)
            }
            if found.contains(where: { $0.symbology == .qrCode }) || aamva != nil { break }
        }
        // Parse the kept AAMVA symbols once more: `isWanted` may not have seen every symbol.
        let isAAMVA = { (symbol: DecodedBarcode) in (try? AAMVAParser.parse(symbol.bytes)) != nil }
        let licences = found.filter { $0.symbology == .pdf417 && isAAMVA($0) }
        let others = licences.isEmpty ? found.filter { $0.symbology == .pdf417 && Self.isPlausible($0) } : []
        let kept = found.filter { symbol in
            symbol.symbology == .qrCode || licences.contains(symbol) || others.contains(symbol)
        }
        if aamva == nil, let first = licences.first { aamva = try? AAMVAParser.parse(first.bytes) }
        return Outcome(barcodes: kept, aamva: aamva)
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
