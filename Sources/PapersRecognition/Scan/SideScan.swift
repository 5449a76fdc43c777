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
    /// The portrait cut from the document in colour, when a face was found.
    public var portrait: Image?
    /// The straightened document in gray, at most 1000 pixels wide (what the MRZ and the barcodes
    /// were looked for on), when one was found and read whole: a scanner without barcode reader
    /// that reads the MRZ from its band alone does not make it (the portrait is looked for on a
    /// smaller straightening of its own). For a colour
    /// image of it, straighten the photo with ``DocumentRectifier/rectify(_:quad:maximumWidth:)``
    /// at `analysis.corners`.
    public var rectified: Image?

    /// Where the capture analysis saw the MRZ's lines, as fractions of the document's height from
    /// the edge between its first two corners; `nil` when it saw none.
    public var mrzRows: ClosedRange<Double>?

    /// The printed fields, when the side has neither MRZ nor licence barcode and a text
    /// recogniser read a name, a date of birth or a number on it.
    public var printed: PrintedIDFields?

    /// Whether glare lies over the MRZ: over the rows where its lines were seen, or, when none
    /// were, along either long edge of the document (where an MRZ is printed). Glare elsewhere
    /// (on the portrait, say) does not stand in the way of the reading.
    public var glareOverMRZ: Bool {
        analysis.glareOverlaps(rows: Self.mrzZones(mrzRows))
    }

    /// The rows where glare stands in the way of an MRZ: its lines' rows with a margin, or,
    /// when no lines were seen, either long edge of the document.
    public static func mrzZones(_ rows: ClosedRange<Double>?) -> [ClosedRange<Double>] {
        rows.map { [($0.lowerBound - 0.05)...($0.upperBound + 0.05)] } ?? [0...0.4, 0.6...1]
    }

    /// Whether the photo carried anything readable.
    public var hasReadableContent: Bool {
        mrz?.document != nil || aamva != nil || !qrCodes.isEmpty || printed != nil
    }
}
