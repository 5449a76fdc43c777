import PapersImaging

/// The barcode symbologies Papers reads.
public enum BarcodeSymbology: String, Sendable, Hashable, Codable, CaseIterable {
    /// PDF417, as on the back of AAMVA driving licences.
    case pdf417 = "PDF417"
    /// QR code.
    case qrCode = "QR_CODE"
}

/// One decoded barcode.
public struct DecodedBarcode: Sendable, Hashable {
    /// The symbology.
    public let symbology: BarcodeSymbology
    /// The raw payload bytes, exactly as encoded (not escaped text).
    public let bytes: [UInt8]
    /// The symbol's four corners in the image that was decoded, clockwise from the top-left.
    public let corners: [Point]

    /// Creates a decoded barcode.
    public init(symbology: BarcodeSymbology, bytes: [UInt8], corners: [Point]) {
        self.symbology = symbology
        self.bytes = bytes
        self.corners = corners
    }
}

/// Decodes barcodes from an image. Native bindings (zxing-cpp on Linux and macOS) implement it.
public protocol BarcodeReader: Sendable {
    /// Every barcode of the given symbologies found in the image (gray or colour).
    func read(_ image: Image, symbologies: Set<BarcodeSymbology>) throws(RecognitionError) -> [DecodedBarcode]
}
