import Foundation
import PapersImaging

/// The views of one photo that the readers look at, each made at most once, when first asked for.
///
/// Straightening is most of a scan's cost, and most photos need only some views: an MRZ read from
/// its band leaves the whole straightened document unmade; a licence whose PDF417 reads on the
/// straightened document never has its widened outline made. The scanner's steps (MRZ, barcodes,
/// portrait) ask for views; the views know how each is made.
///
/// A reference type on purpose: the views of one photo are shared by the steps of one
/// ``DocumentScanner/scanSide(_:)`` call and never cross a task.
final class SideViews {
    /// The photo, in colour.
    let photo: Image
    /// The capture analysis of the photo.
    let analysis: CaptureAnalyzer.Result
    /// The detected outline widened by ``DocumentScanner/outlineMargin``, when a document was found:
    /// a quad that snapped to an MRZ line must not cut it off.
    let outline: Quadrilateral?
    /// The angle of the detected outline's top edge in the photo, in degrees.
    let documentAngle: Double?

    /// Views of `photo` as `analysis` found it.
    init(photo: Image, analysis: CaptureAnalyzer.Result) {
        self.photo = photo
        self.analysis = analysis
        outline = analysis.analysis.documentDetected
            ? analysis.detection.map { $0.quad.expanded(by: DocumentScanner.outlineMargin) } : nil
        documentAngle = analysis.detection.map { detection in
            let a = detection.quad.corners[0], b = detection.quad.corners[1]
            return atan2(b.y - a.y, b.x - a.x) * 180 / .pi
        }
    }

    /// The band of the document where the capture analysis's small straightened image shows
    /// MRZ-like lines, straightened alone at the reading width (see ``MRZBand``).
    private(set) lazy var band: MRZBand? = outline.flatMap { quad in
        analysis.measured.flatMap {
            MRZBand.find(in: $0, outline: quad, margin: DocumentScanner.outlineMargin, photo: photo, width: DocumentScanner.readingWidth)
        }
    }

    /// The document straightened in gray at the reading width, when one was found.
    var document: Image? {
        if let made = madeDocument { return made }
        let made = outline.flatMap { DocumentRectifier.rectifyGray(photo, quad: $0, maximumWidth: DocumentScanner.readingWidth) }
        madeDocument = .some(made)
        return made
    }

    /// The straightened document if a step has made it, without making it.
    var documentIfMade: Image? { madeDocument ?? nil }
    private var madeDocument: Image??

    /// The document straightened for barcodes: at the finer barcode width (a PDF417's modules are
    /// a few pixels wide), or the reading view when the document is smaller than that anyway.
    private(set) lazy var barcodeDocument: Image? = outline.flatMap { quad in
        DocumentRectifier.size(of: quad, maximumWidth: DocumentScanner.readingWidth).width < DocumentScanner.readingWidth
            ? document : DocumentRectifier.rectifyGray(photo, quad: quad, maximumWidth: DocumentScanner.barcodeWidth)
    }

    /// The PDF417 located in the barcode document, straightened again on its own outline.
    private(set) lazy var symbol: Image? = {
        guard let outline, let barcodeDocument else { return nil }
        return PDF417Locator.straightenedSymbol(in: barcodeDocument, outline: outline, photo: photo)
    }()

    /// The barcode document with its quiet zone restored beyond the card's found outline.
    private(set) lazy var quieted: Image? = barcodeDocument.flatMap {
        PDF417QuietZone.restored($0, margin: DocumentScanner.outlineMargin)
    }

    /// The photo in gray: the MRZ reader reads gray, and the turned views are turned from it.
    private(set) lazy var grayPhoto: Image = photo.grayscale()

    /// The outline's wider surroundings (an outline on a rectangle printed on the card leaves the
    /// MRZ or symbol partly outside it), straightened at most `maximumWidth` wide.
    func widened(maximumWidth: Int) -> Image? {
        if let made = widenedViews[maximumWidth] { return made }
        let made: Image?
        if let detection = analysis.detection, outline != nil {
            made = DocumentRectifier.rectifyGray(photo, quad: detection.quad.expanded(by: DocumentScanner.widenedOutlineMargin),
                                                 maximumWidth: maximumWidth)
        } else {
            made = nil
        }
        widenedViews[maximumWidth] = .some(made)
        return made
    }
    private var widenedViews: [Int: Image?] = [:]

    /// Where the barcode search looks, in its terms.
    var barcodeSources: BarcodeSearch.Sources {
        BarcodeSearch.Sources(document: { self.barcodeDocument }, symbol: { self.symbol }, quieted: { self.quieted },
                              widened: { self.widened(maximumWidth: DocumentScanner.barcodeWidth) },
                              photo: photo, documentAngle: documentAngle)
    }
}
