/// The holder's name as encoded: separate fields from version 2 on (or `DAB`/`DAC`/`DAD` in
/// some version 1 cards), a single `DAA` full name in version 1.
///
/// Versions 1 to 3 allow one element to hold the given and middle names together: `DCT`
/// (customer given names, versions 2 and 3, and some version 1 cards), `DAC` when no `DAD`
/// follows it, and the given-name part of `DAA`. Such an element is split as the issuers mean
/// it: the first name is its first part, the middle names the rest, where a part ends at a comma
/// or `$` when there is one, otherwise at a space.
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
        } else if fields.version <= 3, !fields.has("DAD"), let given = first {
            // Versions 1-3 have no separate middle-name element on some cards: DAC holds both.
            (first, middle) = Self.splitGiven(given, middle: nil)
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

    /// `true` for the characters that delimit name parts explicitly: comma, and `$` (the name
    /// delimiter of the magnetic stripe, which some issuers carry into the bar code).
    static func isNameDelimiter(_ character: Character) -> Bool { character == "," || character == "$" }

    /// Splits a given-names field (`DCT`, or a `DAC` holding both names) into first and middle:
    /// on commas or `$` when it has any, else on spaces.
    static func splitGiven(_ given: String, middle existing: String?) -> (String?, String?) {
        let delimited = given.contains(where: isNameDelimiter)
        let parts = given.split(whereSeparator: { delimited ? isNameDelimiter($0) : $0 == " " })
            .map { AAMVAFields.trim(String($0)) }.filter { !$0.isEmpty }
        guard let head = parts.first else { return (nil, existing) }
        let rest = parts.dropFirst().joined(separator: " ")
        return (head, existing ?? middle(rest.isEmpty ? nil : rest))
    }

    /// Splits a version 1 `DAA` full name: `LAST,FIRST,MIDDLE,SUFFIX` when it has commas (or
    /// `$`), `LAST,FIRST MIDDLE…` when it has one, otherwise `FIRST MIDDLE… LAST [SUFFIX]`.
    static func splitFull(_ full: String) -> AAMVANames {
        var names = AAMVANames()
        let trim = { (part: Substring) in AAMVAFields.trim(String(part)) }
        if full.contains(where: isNameDelimiter) {
            let parts = full.split(omittingEmptySubsequences: false, whereSeparator: isNameDelimiter).map(trim)
            let value = { (index: Int) -> String? in
                index < parts.count && !parts[index].isEmpty ? parts[index] : nil
            }
            names.last = value(0)
            names.first = value(1)
            if parts.count == 2, var given = value(1) {
                // LAST,GIVEN: the given names (and a suffix after them) are delimited by spaces only.
                let words = given.split(separator: " ")
                if words.count >= 2, let tail = words.last, tail.count > 1, suffixes.contains(tail.uppercased()) {
                    names.suffix = String(tail)
                    given = words.dropLast().joined(separator: " ")
                }
                (names.first, names.middle) = splitGiven(given, middle: nil)
            } else if parts.count >= 4 {
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
