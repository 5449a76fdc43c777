/// Undoes the usual OCR confusions in an MRZ, but only where the check digits prove the fix.
///
/// In fields that can hold only digits (dates and check digits) letters that look like digits
/// are mapped back (`O`→`0`, `I`/`L`→`1`, `B`→`8`, `S`→`5`, `Z`→`2`, `G`→`6`, also `D`/`Q`→`0`);
/// in country codes, digits that look like letters are mapped the other way. A change is kept
/// only when the check digit over its field then holds (or, for country codes, when the code
/// becomes a known one); everything else is left exactly as read.
public enum MRZCorrector {
    /// One character changed by the corrector.
    public struct Change: Sendable, Hashable, Codable {
        /// The 1-based line.
        public let line: Int
        /// The 1-based column.
        public let position: Int
        /// The character as read.
        public let from: String
        /// The character written instead.
        public let to: String

        /// Creates a change record.
        public init(line: Int, position: Int, from: String, to: String) {
            self.line = line
            self.position = position
            self.from = from
            self.to = to
        }
    }

    /// The corrected lines and what changed.
    public struct Result: Sendable, Hashable {
        /// The lines after correction.
        public let lines: [String]
        /// Every character changed, in reading order.
        public let changes: [Change]
    }

    static let toDigit: [UInt8: UInt8] = [
        "O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "Z": "2", "S": "5", "G": "6", "B": "8",
    ].reduce(into: [:]) { $0[UInt8(ascii: $1.key)] = UInt8(ascii: $1.value) }

    static let toLetter: [UInt8: UInt8] = [
        "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B",
    ].reduce(into: [:]) { $0[UInt8(ascii: $1.key)] = UInt8(ascii: $1.value) }

    /// Corrects OCR output.
    ///
    /// - Throws: ``MRZError`` when the lines have no MRZ shape at all.
    public static func correct(lines: [String]) throws(MRZError) -> Result {
        var mrz = MRZLines(bytes: lines.map { Array($0.utf8) })
        let layout = MRZLayout.layout(for: try MRZParser.detectFormat(mrz.bytes))
        let original = mrz

        for (field, check) in layout.checkedFields {
            let isDate = field == layout.birthDate || field == layout.expiryDate
            let allowFiller = field == layout.optionalData2
            if MRZCheckDigit.holds(mrz[field], check: mrz.byte(check), allowFillerCheck: allowFiller) { continue }
            let fixedField = isDate ? mapped(mrz[field], toDigit) : mrz[field]
            let fixedCheck = mapped(mrz[check], toDigit)
            guard !isDate || fixedField.allSatisfy(MRZText.isDigit),
                  let checkByte = fixedCheck.first,
                  MRZCheckDigit.holds(fixedField, check: checkByte, allowFillerCheck: allowFiller) else { continue }
            mrz[field] = fixedField
            mrz[check] = fixedCheck
        }
        if let composite = layout.compositeCheck, !MRZParser.compositeHolds(mrz, layout: layout) {
            var trial = mrz
            trial[composite] = mapped(mrz[composite], toDigit)
            if MRZParser.compositeHolds(trial, layout: layout) { mrz = trial }
        }
        for field in layout.letterOnlyFields {
            let code = mrz[field]
            guard Country(mrzField: String(decoding: code, as: UTF8.self)) == nil else { continue }
            let fixed = mapped(code, toLetter)
            if Country(mrzField: String(decoding: fixed, as: UTF8.self)) != nil {
                mrz[field] = fixed
            }
        }
        return Result(lines: mrz.strings, changes: changes(from: original, to: mrz))
    }

    static func mapped(_ bytes: ArraySlice<UInt8>, _ table: [UInt8: UInt8]) -> ArraySlice<UInt8> {
        ArraySlice(bytes.map { table[$0] ?? $0 })
    }

    static func changes(from before: MRZLines, to after: MRZLines) -> [Change] {
        var changes: [Change] = []
        for (lineIndex, line) in before.bytes.enumerated() {
            for (column, byte) in line.enumerated() where after.bytes[lineIndex][column] != byte {
                changes.append(Change(
                    line: lineIndex + 1, position: column + 1,
                    from: String(UnicodeScalar(byte)), to: String(UnicodeScalar(after.bytes[lineIndex][column]))))
            }
        }
        return changes
    }
}
