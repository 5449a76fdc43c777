/// The holder's height as encoded, in inches or centimetres.
public struct AAMVAHeight: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The unit of a height.
    public enum Unit: String, Sendable, Hashable, Codable {
        /// Inches.
        case inches = "in"
        /// Centimetres.
        case centimeters = "cm"
    }

    /// The height in ``unit``.
    public var value: Int
    /// The unit of ``value``.
    public var unit: Unit

    /// Creates a height.
    public init(value: Int, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The height in whole centimetres.
    public var centimeters: Int { unit == .centimeters ? value : Int((Double(value) * 2.54).rounded()) }

    /// The height in whole inches.
    public var inches: Int { unit == .inches ? value : Int((Double(value) / 2.54).rounded()) }

    /// `"70 in"` or `"155 cm"`.
    public var description: String { "\(value) \(unit.rawValue)" }

    /// Reads `DAU` (`"070 in"`, `"155 CM"`, `" 65 IN"`, version 1 `"509"` = 5 ft 9 in) or else
    /// the version 1 centimetre element `DAV`.
    init?(_ fields: AAMVAFields) {
        if let text = fields.text("DAU"), let height = Self.parse(text) {
            self = height
        } else if let text = fields.text("DAV"), let number = Self.leadingNumber(text), number > 0 {
            self.init(value: number, unit: .centimeters)
        } else {
            return nil
        }
    }

    /// Parses a height with an optional `in`/`cm` unit.
    ///
    /// Without a unit, three digits from `100` whose last two are at most `11` are feet and
    /// inches (`509` → 69 in); other values of 100 or more are centimetres; smaller ones inches.
    public static func parse(_ text: String) -> AAMVAHeight? {
        let upper = text.uppercased()
        let digits = upper.filter(\.isASCIIDigit)
        guard !digits.isEmpty, digits.count <= 4, let number = Int(digits), number > 0 else { return nil }
        if upper.contains("CM") { return AAMVAHeight(value: number, unit: .centimeters) }
        if upper.contains("IN") { return AAMVAHeight(value: number, unit: .inches) }
        if digits.count == 3, number >= 100 {
            let feet = number / 100
            let inches = number % 100
            if inches <= 11 { return AAMVAHeight(value: feet * 12 + inches, unit: .inches) }
            return AAMVAHeight(value: number, unit: .centimeters)
        }
        return AAMVAHeight(value: number, unit: .inches)
    }

    /// The digits at the start of `text`, ignoring leading spaces.
    static func leadingNumber(_ text: String) -> Int? {
        let digits = AAMVAFields.trim(text).prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        return Int(digits)
    }
}

extension Character {
    /// `true` for `0`–`9` only (not other Unicode digits).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
