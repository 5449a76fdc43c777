/// What each position of an MRZ format may hold and which check digit protects which run of
/// characters: what an OCR engine needs to constrain and verify its reading.
///
/// Built from the same layout table as the parser, so the two cannot disagree.
public struct MRZSchema: Sendable, Hashable {
    /// The characters a position may hold.
    public enum CharacterClass: Sendable, Hashable {
        /// `0`–`9` only (dates, most check digits).
        case digit
        /// `0`–`9` or the filler `<` (the check digit of an optional field may be `<`).
        case digitOrFiller
        /// `A`–`Z` or the filler `<` (document codes, country codes, names, sex).
        case letter
        /// Any MRZ character (document numbers, optional data).
        case any

        /// Whether the ASCII byte is allowed.
        public func allows(_ byte: UInt8) -> Bool {
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let isLetter = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            let isFiller = byte == UInt8(ascii: "<")
            switch self {
            case .digit: return isDigit
            case .digitOrFiller: return isDigit || isFiller
            case .letter: return isLetter || isFiller
            case .any: return isDigit || isLetter || isFiller
            }
        }
    }

    /// One check digit and the characters it covers.
    public struct Check: Sendable, Hashable {
        /// The field's JSON-style name: `idNumber`, `dob`, `expiryDate`, `personalNumber`, `composite`.
        public let name: String
        /// The runs of characters the digit is computed over, in order.
        public let covers: [MRZField]
        /// The check digit's position.
        public let digit: MRZField
        /// Whether `<` is a valid check digit over an all-filler run.
        public let allowsFiller: Bool

        /// Every character the check reads, zero-based: the covered runs in order, then the digit.
        public var positions: [(line: Int, column: Int)] {
            (covers + [digit]).flatMap { run in run.range.map { (run.line, $0) } }
        }

        /// Whether the check reads the character at `line`, `column` (zero-based): one it covers, or its digit.
        public func reads(line: Int, column: Int) -> Bool {
            (covers + [digit]).contains { $0.line == line && $0.range.contains(column) }
        }
    }

    /// The format described.
    public let format: MRZFormat
    /// The class of every position, line by line.
    public let classes: [[CharacterClass]]
    /// The check digits, field checks first and the composite last.
    public let checks: [Check]
    /// The name field: the primary and secondary identifiers (for CNIS, the surname only).
    public let names: MRZField
    /// The country codes: the issuing state, and the nationality where the format has one.
    public let countryCodes: [MRZField]

    /// The schema of a format.
    public init(format: MRZFormat) {
        let layout = MRZLayout.layout(for: format)
        self.format = format
        names = layout.names
        countryCodes = layout.letterOnlyFields
        var classes = [[CharacterClass]](repeating: [CharacterClass](repeating: .any, count: format.lineLength), count: format.lineCount)
        func mark(_ field: MRZField?, _ value: CharacterClass) {
            guard let field else { return }
            for column in field.range { classes[field.line][column] = value }
        }
        mark(layout.documentCode, .letter)
        mark(layout.issuingState, .letter)
        mark(layout.nationality, .letter)
        mark(layout.names, .letter)
        mark(layout.givenNames, .letter)
        mark(layout.sex, .letter)
        for field in layout.digitOnlyFields { mark(field, .digit) }
        mark(layout.personalNumberCheck, .digitOrFiller)
        self.classes = classes

        var checks: [Check] = []
        let names: [(MRZField?, String)] = [
            (layout.documentNumber, "idNumber"), (layout.birthDate, "dob"), (layout.expiryDate, "expiryDate"),
            (layout.optionalData2, "personalNumber"),
        ]
        for (field, check) in layout.checkedFields {
            let name = names.first { $0.0 == field }?.1 ?? "field"
            checks.append(Check(name: name, covers: [field], digit: check, allowsFiller: field == layout.optionalData2))
        }
        if let composite = layout.compositeCheck {
            checks.append(Check(name: "composite", covers: layout.compositeCovers, digit: composite, allowsFiller: false))
        }
        self.checks = checks
    }

    /// Every position (zero-based `[line, column]`) a check digit reads, its own digit included,
    /// leaving out the checks named in `failing`: the characters a holding check vouches for.
    public func checkedPositions(excluding failing: [String] = []) -> Set<[Int]> {
        Set(checks.filter { !failing.contains($0.name) }.flatMap { $0.positions.map { [$0.line, $0.column] } })
    }

    /// The columns (zero-based, on ``names``'s line) of letters that lie past the end of the name
    /// on the given lines (ASCII bytes, one array per line).
    ///
    /// ICAO 9303 writes the primary identifier, `<<`, the secondary identifier (its components
    /// joined by single fillers), then fillers only: a letter after the secondary identifier's own
    /// `<<` cannot be part of the name, and no check digit covers a name to say so. (The CNIS
    /// surname field holds one identifier: its first `<<` ends it.)
    public func lettersPastNameEnd(in lines: [[UInt8]]) -> [Int] {
        let filler = MRZText.filler, row = lines[names.line], end = names.range.upperBound
        var runs = 0, column = names.range.lowerBound
        while column < end {
            guard row[column] == filler, column + 1 < end, row[column + 1] == filler else {
                column += 1
                continue
            }
            while column < end, row[column] == filler { column += 1 }
            runs += 1
            if runs == (format == .cnis ? 1 : 2) { return (column..<end).filter { row[$0] != filler } }
        }
        return []
    }

    /// Whether a check holds on the given lines (ASCII bytes, one array per line).
    public func holds(_ check: Check, in lines: [[UInt8]]) -> Bool {
        var covered: [UInt8] = []
        for run in check.covers { covered += lines[run.line][run.range] }
        return MRZCheckDigit.holds(covered, check: lines[check.digit.line][check.digit.range.lowerBound],
                                   allowFillerCheck: check.allowsFiller)
    }
}
