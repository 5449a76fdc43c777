/// A machine-readable zone that cannot be read at all.
///
/// It names the rule broken, the line and the column, never the MRZ text itself, so it is safe
/// to log. Failed check digits are not errors: they are reported in ``MRZData``'s flags.
public struct MRZError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule the input breaks.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// There is no line, or the number of lines fits no MRZ layout.
        case wrongLineCount = "MRZ_LINE_COUNT"
        /// A line's length fits no layout, or differs from the first line's.
        case wrongLineLength = "MRZ_LINE_LENGTH"
        /// A character outside `A–Z`, `0–9` and `<`.
        case invalidCharacter = "MRZ_INVALID_CHARACTER"
        /// The lines have a known shape but the content fits no document of that shape.
        case unknownFormat = "MRZ_UNKNOWN_FORMAT"
        /// A value cannot be written into an MRZ (generation only): too long, or no characters left.
        case unencodableField = "MRZ_UNENCODABLE_FIELD"
    }

    /// The rule the input breaks.
    public let code: Code
    /// The 1-based line, when the error concerns one line.
    public let line: Int?
    /// The 1-based column within the line, when the error concerns one character.
    public let position: Int?
    /// The field concerned (generation errors), by JSON name.
    public let field: String?

    /// Creates an error.
    public init(code: Code, line: Int? = nil, position: Int? = nil, field: String? = nil) {
        self.code = code
        self.line = line
        self.position = position
        self.field = field
    }

    public var description: String {
        var text: String
        switch code {
        case .wrongLineCount: text = "an MRZ has 2 lines of 44 or 36 characters or 3 lines of 30"
        case .wrongLineLength: text = "line length fits no MRZ format"
        case .invalidCharacter: text = "character outside A-Z, 0-9 and '<'"
        case .unknownFormat: text = "the lines fit no known MRZ document"
        case .unencodableField: text = "value cannot be written into the MRZ"
        }
        if let field { text += " in \(field)" }
        if let line { text += " (line \(line)" + (position.map { ", position \($0)" } ?? "") + ")" }
        return "\(code.rawValue): \(text)"
    }
}
