import PapersImaging

/// Reads a receipt or a Form W-2 from a photo: prepares the page (``TextPagePreparer``), reads
/// its text with a ``TextRecognizer`` and extracts the document's fields.
public struct TextDocumentReader: Sendable {
    /// What a photo is read as.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A till receipt.
        case receipt
        /// A US Form W-2.
        case w2
    }

    /// A document read from a photo.
    public enum Document: Sendable, Hashable {
        /// A receipt.
        case receipt(Receipt)
        /// A Form W-2.
        case w2(W2Form)

        /// The kind.
        public var kind: Kind {
            switch self {
            case .receipt: .receipt
            case .w2: .w2
            }
        }
    }

    /// The recogniser.
    public let recognizer: any TextRecognizer
    /// The page preparation.
    public var preparer = TextPagePreparer()
    /// The receipt extractor.
    public var receiptExtractor = ReceiptExtractor()
    /// The W-2 extractor.
    public var w2Extractor = W2Extractor()

    /// Creates a reader.
    public init(recognizer: any TextRecognizer) {
        self.recognizer = recognizer
    }

    /// The prepared page and its text, read in the layout that suits `kind` (one column for a
    /// receipt, the automatic layout for a form or an unknown page).
    public func text(of photo: Image, as kind: Kind?) throws(RecognitionError) -> (page: TextPagePreparer.Page, text: RecognizedText) {
        let page = preparer.prepare(photo)
        let text = try recognizer.recognize(page.image, layout: kind == .receipt ? .singleColumn : .automatic)
        return (page, text)
    }

    /// The document in `photo`, read as `kind`, or as whichever it looks like when `kind` is
    /// `nil` (a W-2 by its title or box labels, otherwise a receipt). Boxes are in the pixels of
    /// the prepared page.
    ///
    /// - Throws: ``RecognitionError/Code/noText`` when no field of the document was found, and
    ///   the recogniser's errors.
    public func read(_ photo: Image, as kind: Kind?) throws(RecognitionError) -> Document {
        let (_, text) = try self.text(of: photo, as: kind)
        let resolved = kind ?? (W2Extractor.looksLikeW2(text) ? .w2 : .receipt)
        switch resolved {
        case .receipt:
            let receipt = receiptExtractor.extract(from: text)
            guard receipt.hasContent else {
                throw RecognitionError(code: .noText, detail: "no total, date or item of a receipt was read")
            }
            return .receipt(receipt)
        case .w2:
            let form = w2Extractor.extract(from: text)
            guard form.hasContent else { throw RecognitionError(code: .noText, detail: "no box of a Form W-2 was read") }
            return .w2(form)
        }
    }
}
