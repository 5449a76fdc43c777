import PapersImaging

/// Real content printed on a synthetic document, so recognisers can be scored on it: an MRZ in
/// OCR-B, on licence backs a barcode, and a real face as the portrait.
public struct SyntheticPrint: Sendable, Hashable {
    /// MRZ lines printed along the bottom edge (ICAO 9303 placement and pitch), or none.
    public var mrzLines: [String]
    /// A barcode bitmap (gray, dark modules on white, one or more pixels per module) printed in
    /// the lower part of the document, or none.
    public var barcode: Image?
    /// The bytes ``barcode`` encodes, recorded in the photo's truth; empty when unknown.
    public var barcodePayload: [UInt8]
    /// The photo printed in the portrait box instead of a drawn head, on documents that have one.
    public var portrait: SyntheticPortrait?
    /// How the MRZ is printed. Default ``MRZPrintStyle/standard``.
    public var mrzStyle: MRZPrintStyle

    /// Creates a print.
    public init(mrzLines: [String] = [], barcode: Image? = nil, barcodePayload: [UInt8] = [], portrait: SyntheticPortrait? = nil,
                mrzStyle: MRZPrintStyle = .standard) {
        self.mrzLines = mrzLines
        self.mrzStyle = mrzStyle
        self.barcode = barcode
        self.barcodePayload = barcodePayload
        self.portrait = portrait
    }
}
