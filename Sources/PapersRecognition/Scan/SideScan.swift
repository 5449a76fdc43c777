import PapersCore
import PapersImaging

/// What one photo of a document gave.
public struct SideScan: Sendable {
    /// The capture analysis of the photo (document, corners, sharpness, glare, exposure).
    public var analysis: CaptureAnalysis
    /// The MRZ read, when there is one.
    public var mrz: MRZReading?
    /// Why no MRZ was read, when none was (`noMRZ`, `mrzUnreadable`).
    public var mrzError: RecognitionError?
    /// Every barcode decoded (raw bytes).
    public var barcodes: [DecodedBarcode]
    /// The AAMVA licence parsed from a PDF417, when there is one.
    public var aamva: AAMVADocument?
    /// QR codes found, classified.
    public var qrCodes: [QRPayload]
    /// The largest face on the document, in the rectified document's pixels (or the photo's
    /// when no document was found); `nil` when no face detector ran or none was found.
    public var face: DetectedFace?
    /// Whether a face detector ran (so that a `nil` face means "none found", not "not looked for").
    public var faceDetectorRan: Bool
    /// The portrait cut from the document, when a face was found.
    public var portrait: Image?
    /// The straightened document, when one was found.
    public var rectified: Image?

    /// Whether the photo carried anything readable.
    public var hasReadableContent: Bool {
        mrz?.document != nil || aamva != nil || !qrCodes.isEmpty
    }
}
