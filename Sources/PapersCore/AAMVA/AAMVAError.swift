/// An AAMVA barcode payload that cannot be read, or a card that cannot be written.
///
/// It names the rule broken and the byte offset where reading stopped (or the element that
/// cannot be written), never the payload itself, so it is safe to log: a driving licence
/// barcode is personal data.
public struct AAMVAError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule the payload breaks.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The payload has no bytes.
        case empty = "AAMVA_EMPTY"
        /// No file type (`ANSI ` or `AAMVA`) near the start, nor after leading garbage where a
        /// compliance indicator `@` and an issuer identification number confirm it.
        case noHeader = "AAMVA_NO_HEADER"
        /// The issuer identification number is not six digits.
        case invalidIssuerIdentificationNumber = "AAMVA_INVALID_IIN"
        /// The AAMVA version number is not two digits.
        case invalidVersion = "AAMVA_INVALID_VERSION"
        /// The payload ends inside the header.
        case truncated = "AAMVA_TRUNCATED"
        /// The header is readable but no `DL` or `ID` subfile with data elements was found.
        case noDataElements = "AAMVA_NO_DATA_ELEMENTS"
        /// ``AAMVAGenerator``: a value holds a byte other than printable ASCII, does not fit its
        /// element, or the version asked for is not one the generator writes.
        case unencodableElement = "AAMVA_UNENCODABLE_ELEMENT"
    }

    /// The rule the payload breaks.
    public let code: Code
    /// The byte offset in the payload where reading stopped, when one applies.
    public let offset: Int?
    /// The data element identifier (`DAG`) or header field (`version`) concerned, when one applies.
    public let element: String?

    /// Creates an error.
    public init(code: Code, offset: Int? = nil, element: String? = nil) {
        self.code = code
        self.offset = offset
        self.element = element
    }

    /// The code, a short explanation and the byte offset; never any payload text.
    public var description: String {
        let text: String
        switch code {
        case .empty: text = "the payload is empty"
        case .noHeader: text = "no AAMVA header ('@' and 'ANSI ' or 'AAMVA') found"
        case .invalidIssuerIdentificationNumber: text = "the issuer identification number is not 6 digits"
        case .invalidVersion: text = "the AAMVA version number is not 2 digits"
        case .truncated: text = "the payload ends inside the header"
        case .noDataElements: text = "no DL or ID subfile with data elements found"
        case .unencodableElement: text = "a value cannot be written (printable ASCII only, within the element's length)"
        }
        return "\(code.rawValue): \(text)" + (element.map { " in \($0)" } ?? "") + (offset.map { " at byte offset \($0)" } ?? "")
    }
}
