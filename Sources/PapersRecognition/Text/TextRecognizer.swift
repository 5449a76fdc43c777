import PapersImaging

/// How a ``TextRecognizer`` should split a page into lines.
public enum TextLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// Find columns and blocks of text on their own (a form, a page).
    case automatic
    /// One column of lines of varying size, read top to bottom (a receipt).
    case singleColumn
    /// One uniform block of text.
    case singleBlock
    /// Text anywhere, in no particular order (scattered fields).
    case sparse
}

/// Reads printed text from an image. Native bindings (Tesseract on Linux and macOS) implement it;
/// on iOS the platform's text recogniser would.
///
/// One page per call. Boxes are in the pixels of the image passed in.
public protocol TextRecognizer: Sendable {
    /// The words and lines of the page in `image` (gray or colour), laid out as `layout` says.
    ///
    /// - Throws: ``RecognitionError/Code/languageDataMissing`` when the recogniser's language data
    ///   is not installed, ``RecognitionError/Code/invalidInput`` for an image it cannot use,
    ///   ``RecognitionError/Code/nativeFailure`` when the native engine fails.
    func recognize(_ image: Image, layout: TextLayout) throws(RecognitionError) -> RecognizedText
}

extension TextRecognizer {
    /// The words and lines of the page in `image`, its layout found automatically.
    public func recognize(_ image: Image) throws(RecognitionError) -> RecognizedText {
        try recognize(image, layout: .automatic)
    }
}
