/// Reads an ICAO 9303 machine-readable zone into ``DocumentData``.
///
/// Every format is supported: TD3 passports (`MRP`), TD1, TD2, MRV-A, MRV-B and the French
/// national identity card (`CNIS`). The format comes from the line count, the line lengths
/// and the document code. Failed check digits do not throw: they are reported in
/// ``MRZData``'s flags, so a caller can decide (and an OCR can retry).
public enum MRZParser {
    /// Parses MRZ text: one MRZ line per text line; blank lines and surrounding white space are ignored.
    ///
    /// - Parameter today: the reference day for choosing the century of two-digit years.
    /// - Throws: ``MRZError`` for a wrong line count or length, or a character outside `A–Z0–9<`.
    public static func parse(text: String, today: CalendarDate = .today()) throws(MRZError) -> DocumentData {
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        return try parse(lines: lines.map(String.init), today: today)
    }

    /// Parses the lines of an MRZ, exactly as given (no trimming).
    ///
    /// - Throws: ``MRZError`` for a wrong line count or length, or a character outside `A–Z0–9<`.
    public static func parse(lines: [String], today: CalendarDate = .today()) throws(MRZError) -> DocumentData {
        let mrz = MRZLines(bytes: lines.map { Array($0.utf8) })
        let format = try detectFormat(mrz.bytes)
        return read(mrz, layout: .layout(for: format), today: today)
    }

    /// Works out the layout of MRZ lines, checking their count, lengths and characters.
    ///
    /// - Throws: ``MRZError`` naming the first line (and column) at fault.
    public static func detectFormat(_ lines: [[UInt8]]) throws(MRZError) -> MRZFormat {
        guard let first = lines.first, lines.count == 2 || lines.count == 3 else {
            throw MRZError(code: .wrongLineCount)
        }
        let width = first.count
        let expectedCount: Int
        switch width {
        case 30: expectedCount = 3
        case 36, 44: expectedCount = 2
        default: throw MRZError(code: .wrongLineLength, line: 1, position: min(width, 44) + 1)
        }
        guard lines.count == expectedCount else { throw MRZError(code: .wrongLineCount) }
        for (number, line) in lines.enumerated() {
            if line.count != width {
                throw MRZError(code: .wrongLineLength, line: number + 1, position: min(line.count, width) + 1)
            }
            if let column = line.firstIndex(where: { !MRZText.isMRZ($0) }) {
                throw MRZError(code: .invalidCharacter, line: number + 1, position: column + 1)
            }
        }
        let isVisa = first[0] == UInt8(ascii: "V")
        switch width {
        case 30: return .td1
        case 44: return isVisa ? .mrvA : .mrp
        default:
            if first.starts(with: Array("IDFRA".utf8)) { return .cnis }
            return isVisa ? .mrvB : .td2
        }
    }

    /// Reads the fields of validated lines.
    static func read(_ mrz: MRZLines, layout: MRZLayout, today: CalendarDate) -> DocumentData {
        var document = DocumentData(extractionMethod: .mrz)
        let code = MRZText.trimFillers(mrz[layout.documentCode]) ?? ""
        document.documentCode = code.isEmpty ? nil : code
        document.selectedDocumentType = documentType(code: code, format: layout.format)
        document.issuingCountry = mrz.trimmed(layout.issuingState)
        document.originatingCountry = layout.nationality.flatMap { mrz.trimmed($0) }

        if let givenNames = layout.givenNames {
            document.lastName = MRZText.words(mrz[layout.names])
            document.firstName = MRZText.words(mrz[givenNames])
        } else {
            let names = MRZText.names(mrz[layout.names])
            document.lastName = names.primary
            document.firstName = names.secondary
        }

        let number = documentNumber(mrz, layout: layout)
        document.idNumber = number.value
        func optionalData(_ field: MRZField?) -> String? {
            guard let field else { return nil }
            return field == number.overflowField ? number.rest : mrz.trimmed(field)
        }
        document.optionalData1 = optionalData(layout.optionalData1)
        let optional2 = optionalData(layout.optionalData2)
        if layout.personalNumberCheck != nil {
            document.personalNumber = optional2
        } else {
            document.optionalData2 = optional2
        }

        document.dob = MRZDates.birthDate(mrz[layout.birthDate], today: today)
        document.expiryDate = layout.expiryDate.flatMap { MRZDates.expiryDate(mrz[$0], today: today) }
        document.gender = gender(mrz.byte(layout.sex))

        let strings = mrz.strings
        document.mrzData = MRZData(
            format: layout.format,
            line1: strings[0], line2: strings[1], line3: strings.count > 2 ? strings[2] : nil,
            idNumberValid: number.checkHolds,
            dobValid: MRZCheckDigit.holds(mrz[layout.birthDate], check: mrz.byte(layout.birthDateCheck)),
            expiryDateValid: checkHolds(mrz, layout.expiryDate, layout.expiryDateCheck),
            personalNumberValid: checkHolds(mrz, layout.optionalData2, layout.personalNumberCheck, allowFiller: true),
            compositeValid: compositeHolds(mrz, layout: layout)
        )
        return document
    }

    /// The document number, following the overflow of TD1 and TD2 numbers longer than nine
    /// characters into the optional data (the check digit then ends the overflow).
    ///
    /// - Returns: the number, whether its check digit holds, and — when it overflowed — the
    ///   optional data field it used and what remains of that field after the check digit.
    static func documentNumber(_ mrz: MRZLines, layout: MRZLayout)
        -> (value: String?, checkHolds: Bool, overflowField: MRZField?, rest: String?) {
        let head = mrz[layout.documentNumber]
        let check = mrz.byte(layout.documentNumberCheck)
        let overflowField: MRZField? = layout.format == .td1 ? layout.optionalData1
            : layout.format == .td2 ? layout.optionalData2 : nil
        guard check == MRZText.filler, let overflowField, head.last != MRZText.filler else {
            return (MRZText.trimFillers(head), MRZCheckDigit.holds(head, check: check), nil, nil)
        }
        let optional = mrz[overflowField]
        let end = optional.firstIndex(of: MRZText.filler) ?? optional.endIndex
        guard end > optional.startIndex else {
            return (MRZText.trimFillers(head), false, nil, nil)
        }
        let fullNumber = Array(head) + Array(optional[optional.startIndex..<(end - 1)])
        let holds = MRZCheckDigit.holds(fullNumber, check: optional[end - 1])
        let rest = end < optional.endIndex ? MRZText.trimFillers(optional[(end + 1)...]) : nil
        return (String(decoding: fullNumber, as: UTF8.self), holds, overflowField, rest)
    }

    static func checkHolds(_ mrz: MRZLines, _ field: MRZField?, _ check: MRZField?, allowFiller: Bool = false) -> Bool {
        guard let field, let check else { return true }
        return MRZCheckDigit.holds(mrz[field], check: mrz.byte(check), allowFillerCheck: allowFiller)
    }

    static func compositeHolds(_ mrz: MRZLines, layout: MRZLayout) -> Bool {
        guard let compositeCheck = layout.compositeCheck else { return true }
        var covered: [UInt8] = []
        covered.reserveCapacity(64)
        for field in layout.compositeCovers { covered.append(contentsOf: mrz[field]) }
        return MRZCheckDigit.holds(covered, check: mrz.byte(compositeCheck))
    }

    /// The document type from the MRZ document code.
    public static func documentType(code: String, format: MRZFormat) -> DocumentType? {
        guard let first = code.first else { return nil }
        switch first {
        case "P": return .passport
        case "V": return .visa
        case "I", "A", "C":
            return code.count == 2 && code.last == "R" ? .residencePermit : .identityCard
        default:
            return format == .mrp ? .passport : nil
        }
    }

    static func gender(_ byte: UInt8) -> Gender? {
        switch byte {
        case UInt8(ascii: "M"): return .male
        case UInt8(ascii: "F"): return .female
        case UInt8(ascii: "<"), UInt8(ascii: "X"): return .unspecified
        default: return nil
        }
    }
}

extension Substring {
    /// The substring without leading and trailing white space.
    func trimmingWhitespace() -> Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[start...end]
    }
}
