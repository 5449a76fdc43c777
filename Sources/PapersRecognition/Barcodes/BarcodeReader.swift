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
    /// A PDF417's error-correction level (0 to 8: 2^(level+1) error-correction codewords), when
    /// the decoder reports it; `nil` otherwise.
    public let errorCorrectionLevel: Int?

    /// Creates a decoded barcode.
    public init(symbology: BarcodeSymbology, bytes: [UInt8], corners: [Point], errorCorrectionLevel: Int? = nil) {
        self.symbology = symbology
        self.bytes = bytes
        self.corners = corners
        self.errorCorrectionLevel = errorCorrectionLevel
    }
}

/// Decodes barcodes from an image. Native bindings (zxing-cpp on Linux and macOS) implement it.
public protocol BarcodeReader: Sendable {
    /// Every barcode of the given symbologies found in the image (gray or colour).
    func read(_ image: Image, symbologies: Set<BarcodeSymbology>) throws(RecognitionError) -> [DecodedBarcode]

    /// Every barcode found, trying harder until a symbol that `isWanted` accepts turns up.
    ///
    /// A reader with several passes keeps going past passes whose symbols `isWanted` rejects, and
    /// returns the distinct symbols of every pass it ran. `hint` says what the image shows, so
    /// the reader can pick its passes.
    func read(_ image: Image, symbologies: Set<BarcodeSymbology>, hint: BarcodeImageHint,
              until isWanted: (DecodedBarcode) -> Bool) throws(RecognitionError) -> [DecodedBarcode]
}

extension BarcodeReader {
    /// One read: a reader without passes cannot try harder.
    public func read(_ image: Image, symbologies: Set<BarcodeSymbology>, hint: BarcodeImageHint,
                     until isWanted: (DecodedBarcode) -> Bool) throws(RecognitionError) -> [DecodedBarcode] {
        try read(image, symbologies: symbologies)
    }
}

/// What the caller knows about an image handed to a ``BarcodeReader``.
public struct BarcodeImageHint: Sendable, Hashable {
    /// The image is a document straightened from its outline: its symbols lie along the image's axes.
    public var isStraightenedDocument: Bool
    /// In a photo, the angle of a document's long side found in it (degrees, clockwise from the
    /// image's x axis), when one was found; a symbol on that document lies along it or across it.
    public var documentAngleDegrees: Double?

    /// Creates a hint.
    public init(isStraightenedDocument: Bool = false, documentAngleDegrees: Double? = nil) {
        self.isStraightenedDocument = isStraightenedDocument
        self.documentAngleDegrees = documentAngleDegrees
    }

    /// Nothing known.
    public static let none = BarcodeImageHint()
}
