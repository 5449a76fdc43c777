/// A postal code as encoded (`DAK`), normalised and formatted for display.
public struct AAMVAPostalCode: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The element value with surrounding spaces removed, e.g. `"360931234"`, `"T4G 7A7"`.
    public var raw: String
    /// Letters and digits only; a US ZIP+4 whose `+4` is `0000` is cut to the five-digit ZIP
    /// (`"244010000"` → `"24401"`); Canadian codes are upper-cased (`"T4G7A7"`).
    public var normalized: String
    /// `"36093-1234"` for ZIP+4, `"T4G 7A7"` for Canadian codes, otherwise ``normalized``.
    public var display: String

    /// Creates a postal code from its element value; `nil` when blank.
    public init?(_ text: String) {
        let raw = AAMVAFields.trim(text)
        guard !raw.isEmpty else { return nil }
        self.raw = raw
        let hasLetters = raw.contains { $0.isASCII && $0.isLetter }
        var normalized: String
        if hasLetters {
            normalized = String(raw.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
        } else {
            // Some cards pad inside the field ("96826     0"): keep the part before the gap.
            let head = raw.split(separator: " ").first.map(String.init) ?? raw
            normalized = head.filter(\.isASCIIDigit)
            if normalized.count > 5, normalized.hasSuffix("0000") { normalized.removeLast(4) }
        }
        if normalized.isEmpty { normalized = raw }
        self.normalized = normalized
        display = Self.display(normalized, canadian: hasLetters)
    }

    /// The display form of a normalised code.
    private static func display(_ code: String, canadian: Bool) -> String {
        let characters = Array(code)
        if canadian, characters.count == 6 {
            return String(characters[0..<3]) + " " + String(characters[3..<6])
        }
        if !canadian, characters.count == 9 {
            return String(characters[0..<5]) + "-" + String(characters[5..<9])
        }
        return code
    }

    /// The ``display`` form.
    public var description: String { display }
}
