/// The holder's name as encoded: separate fields from version 2 on (or `DAB`/`DAC`/`DAD` in
/// some version 1 cards), a single `DAA` full name in version 1.
public struct AAMVANames: Sendable, Hashable, Codable {
    /// Family name (`DCS`, `DAB`, or the first part of `DAA`).
    public var last: String?
    /// First name (`DAC`, the first of `DCT`, or from `DAA`).
    public var first: String?
    /// Middle name(s) (`DAD`, the rest of `DCT`, or from `DAA`); `NONE` is read as absent.
    public var middle: String?
    /// Suffix such as `JR` (`DCU`, `DAE`, or the last part of a comma-separated `DAA`).
    public var suffix: String?
    /// Whether the family name was truncated (`DDE`).
    public var lastTruncation: AAMVATruncation?
    /// Whether the first name was truncated (`DDF`).
    public var firstTruncation: AAMVATruncation?
    /// Whether the middle name was truncated (`DDG`).
    public var middleTruncation: AAMVATruncation?

    /// Creates names.
    public init(
        last: String? = nil, first: String? = nil, middle: String? = nil, suffix: String? = nil,
        lastTruncation: AAMVATruncation? = nil, firstTruncation: AAMVATruncation? = nil,
        middleTruncation: AAMVATruncation? = nil
    ) {
        self.last = last
        self.first = first
        self.middle = middle
        self.suffix = suffix
        self.lastTruncation = lastTruncation
        self.firstTruncation = firstTruncation
        self.middleTruncation = middleTruncation
    }

    /// The middle names one by one, split on commas and spaces.
    public var middleNames: [String] {
        guard let middle else { return [] }
        return middle.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    /// Suffixes recognised at the end of a `DAA` full name.
    static let suffixes: Set<String> = ["JR", "SR", "I", "II", "III", "IV", "V", "VI", "1ST", "2ND", "3RD", "4TH", "5TH"]

    /// Reads the name elements of `fields`.
    init(_ fields: AAMVAFields) {
        self.init()
        let clean = AAMVAFields.clean
        last = clean(fields.first("DCS", "DAB"))
        first = clean(fields.text("DAC"))
        middle = Self.middle(clean(fields.text("DAD")))
        suffix = clean(fields.first("DCU", "DAE"))
        if first == nil, let given = clean(fields.text("DCT")) {
            (first, middle) = Self.splitGiven(given, middle: middle)
        }
        if last == nil || first == nil, let full = clean(fields.text("DAA")) {
            let parsed = Self.splitFull(full)
            last = last ?? parsed.last
            first = first ?? parsed.first
            middle = middle ?? parsed.middle
            suffix = suffix ?? parsed.suffix
        }
        lastTruncation = AAMVATruncation(code: fields.text("DDE"))
        firstTruncation = AAMVATruncation(code: fields.text("DDF"))
        middleTruncation = AAMVATruncation(code: fields.text("DDG"))
    }

    /// `NONE` and blanks mean no middle name.
    private static func middle(_ text: String?) -> String? {
        guard let text, text.uppercased() != "NONE" else { return nil }
        return text
    }

    /// Splits a `DCT` given-names field into first and middle, on a comma or else the first space.
    static func splitGiven(_ given: String, middle existing: String?) -> (String?, String?) {
        let separator: Character = given.contains(",") ? "," : " "
        let parts = given.split(separator: separator, omittingEmptySubsequences: true)
            .map { AAMVAFields.trim(String($0)) }.filter { !$0.isEmpty }
        guard let head = parts.first else { return (nil, existing) }
        let rest = parts.dropFirst().joined(separator: " ")
        return (head, existing ?? middle(rest.isEmpty ? nil : rest))
    }

    /// Splits a version 1 `DAA` full name: `LAST,FIRST,MIDDLE,SUFFIX` when it has commas,
    /// otherwise `FIRST MIDDLE… LAST [SUFFIX]`.
    static func splitFull(_ full: String) -> AAMVANames {
        var names = AAMVANames()
        let trim = { (part: Substring) in AAMVAFields.trim(String(part)) }
        if full.contains(",") {
            let parts = full.split(separator: ",", omittingEmptySubsequences: false).map(trim)
            let value = { (index: Int) -> String? in
                index < parts.count && !parts[index].isEmpty ? parts[index] : nil
            }
            names.last = value(0)
            names.first = value(1)
            if parts.count >= 4 {
                let inner = parts[2..<(parts.count - 1)].filter { !$0.isEmpty }.joined(separator: " ")
                names.middle = middle(inner.isEmpty ? nil : inner)
                names.suffix = value(parts.count - 1)
            } else {
                names.middle = middle(value(2))
            }
            return names
        }
        var words = full.split(separator: " ").map(String.init)
        if words.count >= 3, let tail = words.last, suffixes.contains(tail.uppercased()) {
            names.suffix = tail
            words.removeLast()
        }
        guard let firstWord = words.first else { return names }
        if words.count == 1 {
            names.last = firstWord
            return names
        }
        names.first = firstWord
        names.last = words.last
        let inner = words.dropFirst().dropLast().joined(separator: " ")
        names.middle = inner.isEmpty ? nil : inner
        return names
    }
}
