/// Why the independent renderer could not draw: a code and, where it helps, the font file or
/// character concerned (never identity data).
public struct IndependentRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// No font file at the path (Debian's `fonts-ocr-b` installs the default one).
        case fontNotFound
        /// FreeType could not open the file as a font.
        case fontUnreadable
        /// The font has no outline for a character the MRZ needs.
        case glyphMissing
        /// FreeType failed to start or to rasterise a glyph.
        case rasterizerFailed
        /// A barcode bitmap handed to the renderer has no PDF417's shape (69 + 17k modules across).
        case symbolUnreadable
    }

    /// The Debian package that installs the default font.
    public static let fontPackage = "fonts-ocr-b"

    /// What went wrong.
    public let code: Code
    /// The font file involved.
    public let fontPath: String
    /// The character involved, for ``Code/glyphMissing``.
    public let character: UInt8?

    /// Creates an error.
    public init(code: Code, fontPath: String, character: UInt8? = nil) {
        self.code = code
        self.fontPath = fontPath
        self.character = character
    }

    /// One line naming the cause and, for a missing font, the package to install.
    public var description: String {
        switch code {
        case .fontNotFound where fontPath.lowercased().contains("dejavu"):
            return "DejaVu font not found at \(fontPath): install the Debian packages fonts-dejavu-core and fonts-dejavu-extra"
        case .fontNotFound:
            return "OCR-B font not found at \(fontPath): install the Debian package \(Self.fontPackage) (apt-get install \(Self.fontPackage))"
        case .fontUnreadable:
            return "FreeType cannot open \(fontPath) as a font"
        case .glyphMissing:
            let shown = character.map { String(UnicodeScalar($0)) } ?? "?"
            return "the font \(fontPath) has no glyph for '\(shown)'"
        case .rasterizerFailed:
            return "FreeType failed while rasterising with \(fontPath)"
        case .symbolUnreadable:
            return "the barcode bitmap has no PDF417's shape"
        }
    }
}
