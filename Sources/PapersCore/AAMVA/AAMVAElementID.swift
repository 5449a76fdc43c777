/// The three-character data element identifiers of the AAMVA DL/ID standards, 2000 to 2025.
///
/// Used to recognise a subfile that lost its designator and to split payloads whose
/// separators a keyboard-wedge scanner stripped.
enum AAMVAElementID {
    /// Every standard element identifier, all versions (jurisdiction `Z??` elements excluded).
    static let known: Set<String> = {
        var ids: Set<String> = []
        // DAA–DAZ: names, address, physical description (2000) and their later forms.
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" { ids.insert("DA\(letter)") }
        // DBA–DBS: dates, sex, 2000-era indicators and aliases.
        for letter in "ABCDEFGHIJKLMNOPQRS" { ids.insert("DB\(letter)") }
        // DCA–DCU: 2003+ classification, names, descriptions, country, audit.
        for letter in "ABCDEFGHIJKLMNOPQRSTU" { ids.insert("DC\(letter)") }
        // DDA–DDP: compliance, revision dates, truncation, under-age dates, donor, veteran, 2025 additions.
        for letter in "ABCDEFGHIJKLMNOP" { ids.insert("DD\(letter)") }
        // 2000-era permit elements.
        for id in ["PAA", "PAB", "PAC", "PAD", "PAE", "PAF"] { ids.insert(id) }
        return ids
    }()

    /// The identifiers of versions 2 and later (2003–2025).
    static let current: Set<String> = {
        var ids: Set<String> = [
            "DAC", "DAD", "DAG", "DAH", "DAI", "DAJ", "DAK", "DAQ", "DAU", "DAW", "DAX", "DAY", "DAZ",
            "DBA", "DBB", "DBC", "DBD", "DBG", "DBN", "DBS",
        ]
        for letter in "ABCDEFGHIJKLMNOPQRSTU" { ids.insert("DC\(letter)") }
        for letter in "ABCDEFGHIJKLMNOP" { ids.insert("DD\(letter)") }
        return ids
    }()

    /// `true` when the three bytes at `index` form a known standard identifier.
    static func isKnown(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + 3 <= bytes.count else { return false }
        let triple = bytes[index..<(index + 3)]
        guard triple.allSatisfy(AAMVABytes.isUpper) else { return false }
        return known.contains(AAMVABytes.text(triple))
    }

    /// `true` when a known identifier of this version starts at `index`: from version 2 on,
    /// the 2000-only identifiers (`DAF`, `DAL`…) are not taken, as they collide with text.
    static func isIdentifier(_ bytes: [UInt8], at index: Int, version: Int) -> Bool {
        guard isKnown(bytes, at: index) else { return false }
        return version < 2 || current.contains(AAMVABytes.text(bytes[index..<(index + 3)]))
    }

    /// `true` when the three bytes at `index` look like an identifier (`A–Z` then `A–Z`/`0–9`).
    static func isWellFormed(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + 3 <= bytes.count, AAMVABytes.isUpper(bytes[index]) else { return false }
        return bytes[(index + 1)..<(index + 3)].allSatisfy { AAMVABytes.isUpper($0) || AAMVABytes.isDigit($0) }
    }
}
