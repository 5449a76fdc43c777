/// The raw data elements of the document subfiles, with the trimming every reader needs.
struct AAMVAFields {
    /// Element identifier → raw value.
    let values: [String: String]
    /// The AAMVA version from the header.
    let version: Int

    /// The value with surrounding spaces removed, or `nil` when absent or blank.
    func text(_ id: String) -> String? {
        guard let raw = values[id] else { return nil }
        let trimmed = Self.trim(raw)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The first of `ids` that has a non-blank value.
    func first(_ ids: String...) -> String? {
        for id in ids { if let value = text(id) { return value } }
        return nil
    }

    /// `true` when the element is present, even blank.
    func has(_ id: String) -> Bool { values[id] != nil }

    /// Removes spaces and trailing commas (some Canadian cards end names and streets with one).
    static func clean(_ text: String?) -> String? {
        guard var value = text.map(trim) else { return nil }
        while value.hasSuffix(",") { value.removeLast() }
        value = trim(value)
        return value.isEmpty ? nil : value
    }

    /// Removes leading and trailing spaces and tabs.
    static func trim(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }),
              let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }
}
