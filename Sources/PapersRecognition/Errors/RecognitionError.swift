/// Something the recognisers could not do. Never carries document text or pixels, so it is safe
/// to log and to show.
public struct RecognitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A model is missing: the OCR-B weights from the bundle, or a face model file from its
        /// directory (the detail names the file and where it was looked for).
        case modelMissing = "RECOGNITION_MODEL_MISSING"
        /// A model exists but its bytes do not have the expected layout.
        case modelCorrupt = "RECOGNITION_MODEL_CORRUPT"
        /// No machine-readable zone was found in the image.
        case noMRZ = "RECOGNITION_NO_MRZ"
        /// A machine-readable zone was found but could not be read (see ``RecognitionError/detail``).
        case mrzUnreadable = "RECOGNITION_MRZ_UNREADABLE"
        /// A native decoder (zxing-cpp, dlib) failed or refused the input.
        case nativeFailure = "RECOGNITION_NATIVE_FAILURE"
        /// The input image cannot be used (e.g. smaller than the recogniser needs).
        case invalidInput = "RECOGNITION_INVALID_INPUT"
        /// Nothing readable (no MRZ, barcode or QR code) was found in any image.
        case nothingReadable = "RECOGNITION_NOTHING_READABLE"
        /// A text recogniser's language data (Tesseract's `eng.traineddata`) is not installed.
        case languageDataMissing = "RECOGNITION_LANGUAGE_DATA_MISSING"
        /// No text, or none of the document asked for (receipt, W-2), was read from the image.
        case noText = "RECOGNITION_NO_TEXT"
    }

    /// Why nothing was read, when that is known (``Code/nothingReadable``).
    public enum Cause: String, Sendable, Hashable, CaseIterable {
        /// No document was found in any photo.
        case noDocument
        /// The photo is blurred.
        case blurred
        /// Glare lies over the MRZ (or, when none was seen, over an edge where one is printed).
        case glareOverMRZ
        /// An MRZ was found but could not be read; the detail says what was measured.
        case mrzUnreadable
        /// The document is cut off at the edge of the photo.
        case cutOff
        /// Nothing that could be read was found.
        case nothingFound
    }

    /// What went wrong.
    public let code: Code
    /// A short human explanation, without any document data (e.g. "the MRZ is blurred").
    public let detail: String?
    /// Why nothing was read, when the scanner could tell.
    public let cause: Cause?

    /// Creates an error.
    public init(code: Code, detail: String? = nil, cause: Cause? = nil) {
        self.code = code
        self.detail = detail
        self.cause = cause
    }

    public var description: String {
        let text: String
        switch code {
        case .modelMissing: text = "a recognition model is missing"
        case .modelCorrupt: text = "a recognition model is damaged"
        case .noMRZ: text = "no machine-readable zone found"
        case .mrzUnreadable: text = "the machine-readable zone cannot be read"
        case .nativeFailure: text = "a native decoder failed"
        case .invalidInput: text = "the image cannot be used"
        case .nothingReadable: text = "nothing readable found (no MRZ, barcode or QR code)"
        case .languageDataMissing: text = "the text recogniser's language data is not installed"
        case .noText: text = "no readable text of the requested document found"
        }
        return "\(code.rawValue): \(text)" + (detail.map { ": \($0)" } ?? "")
    }
}
