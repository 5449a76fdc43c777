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
    public enum Document: Sendable, Hashable, Encodable {
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

        /// Encodes the document in its own schema (``Receipt`` or ``W2Form``).
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .receipt(let receipt): try receipt.encode(to: encoder)
            case .w2(let form): try form.encode(to: encoder)
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
        try read(pages: [photo], as: kind)
    }

    /// One document photographed in several pieces (a long receipt) or pages, in order: each
    /// page is prepared and read, their text stacked (``RecognizedText/stacking(_:)``, which
    /// drops the lines two photos share) and the fields extracted once. Boxes are in the prepared
    /// pages' pixels, the pages stacked top to bottom.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for no page,
    ///   ``RecognitionError/Code/noText`` when no field of the document was found, and the
    ///   recogniser's errors.
    public func read(pages photos: [Image], as kind: Kind?) throws(RecognitionError) -> Document {
        let (resolved, text) = try recognize(pages: photos, as: kind)
        return try extract(from: text, as: resolved)
    }

    /// The pages' text, stacked (``RecognizedText/stacking(_:)``), and what they are. Unless
    /// `kind` says, the pages are read as a receipt (one column) and read again in the
    /// automatic layout when that text turns out to be a W-2.
    ///
    /// - Throws: ``RecognitionError/Code/invalidInput`` for no page, and the recogniser's errors.
    public func recognize(pages photos: [Image], as kind: Kind?) throws(RecognitionError) -> (kind: Kind, text: RecognizedText) {
        guard !photos.isEmpty else { throw RecognitionError(code: .invalidInput, detail: "no page to read") }
        func read(as kind: Kind) throws(RecognitionError) -> RecognizedText {
            var texts: [RecognizedText] = []
            for photo in photos { texts.append(try text(of: photo, as: kind).text) }
            return RecognizedText.stacking(texts)
        }
        if let kind { return (kind, try read(as: kind)) }
        let asReceipt = try read(as: .receipt)
        return Self.resolve(asReceipt) == .w2 ? (.w2, try read(as: .w2)) : (.receipt, asReceipt)
    }

    /// The document in text already recognised, read as `kind` or as whichever it looks like.
    ///
    /// - Throws: ``RecognitionError/Code/noText`` when no field of the document was found.
    public func extract(from text: RecognizedText, as kind: Kind?) throws(RecognitionError) -> Document {
        let resolved = kind ?? Self.resolve(text)
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

    /// What text looks like: a W-2 by its title or box labels, otherwise a receipt.
    public static func resolve(_ text: RecognizedText) -> Kind {
        W2Extractor.looksLikeW2(text) ? .w2 : .receipt
    }
}
