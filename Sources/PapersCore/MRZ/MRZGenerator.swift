import Foundation

/// Writes the machine-readable zone of a ``DocumentData``, check digits included.
///
/// Used to synthesise test documents: names are upper-cased, stripped of accents, with every
/// other character turned into a filler, and truncated to the field width as ICAO 9303 says.
/// Document numbers longer than nine characters overflow into the optional data on TD1 and TD2.
public enum MRZGenerator {
    /// The MRZ lines for `document` in `format`.
    ///
    /// - Throws: ``MRZError`` with code `unencodableField` naming a field that does not fit.
    public static func lines(for document: DocumentData, format: MRZFormat) throws(MRZError) -> [String] {
        let layout = MRZLayout.layout(for: format)
        let filler = [UInt8](repeating: MRZText.filler, count: format.lineLength)
        var mrz = MRZLines(bytes: Array(repeating: filler, count: format.lineCount))

        let code = document.documentCode ?? defaultCode(format)
        try write(code, into: layout.documentCode, of: &mrz, field: "documentCode")
        try write(document.issuingCountry ?? "", into: layout.issuingState, of: &mrz, field: "issuingCountry")
        if let nationality = layout.nationality {
            try write(document.originatingCountry ?? "", into: nationality, of: &mrz, field: "originatingCountry")
        }
        if let givenNames = layout.givenNames {
            mrz[layout.names] = fit(nameCharacters(document.lastName), width: layout.names.range.count)
            mrz[givenNames] = fit(nameCharacters(document.firstName), width: givenNames.range.count)
        } else {
            var name = nameCharacters(document.lastName)
            if let first = document.firstName, !first.isEmpty {
                name += [MRZText.filler, MRZText.filler] + nameCharacters(first)
            }
            mrz[layout.names] = fit(name, width: layout.names.range.count)
        }

        let number = encode(document.idNumber ?? "")
        let optional1 = encode(document.optionalData1 ?? "")
        let optional2 = encode(layout.personalNumberCheck != nil ? document.personalNumber ?? "" : document.optionalData2 ?? "")
        let numberWidth = layout.documentNumber.range.count
        let overflowField: MRZField? = format == .td1 ? layout.optionalData1 : format == .td2 ? layout.optionalData2 : nil
        if number.count > numberWidth, let overflowField {
            let check = UInt8(ascii: "0") + UInt8(MRZCheckDigit.compute(number))
            let rest = overflowField == layout.optionalData1 ? optional1 : optional2
            let overflow = Array(number[numberWidth...]) + [check, MRZText.filler] + rest
            guard overflow.count - (rest.isEmpty ? 1 : 0) <= overflowField.range.count else {
                throw MRZError(code: .unencodableField, field: "idNumber")
            }
            mrz[layout.documentNumber] = ArraySlice(number[..<numberWidth])
            mrz[layout.documentNumberCheck] = [MRZText.filler]
            mrz[overflowField] = fit(overflow, width: overflowField.range.count)
            if overflowField != layout.optionalData1, let field = layout.optionalData1 {
                try write(optional1, into: field, of: &mrz, field: "optionalData1")
            }
            if overflowField != layout.optionalData2, let field = layout.optionalData2 {
                try write(optional2, into: field, of: &mrz, field: "optionalData2")
            }
        } else {
            try write(number, into: layout.documentNumber, of: &mrz, field: "idNumber")
            setCheck(&mrz, over: layout.documentNumber, at: layout.documentNumberCheck)
            if let field = layout.optionalData1 { try write(optional1, into: field, of: &mrz, field: "optionalData1") }
            if let field = layout.optionalData2 {
                try write(optional2, into: field, of: &mrz, field: layout.personalNumberCheck != nil ? "personalNumber" : "optionalData2")
            }
        }

        if let dob = document.dob { mrz[layout.birthDate] = ArraySlice(MRZDates.encode(dob).utf8) }
        setCheck(&mrz, over: layout.birthDate, at: layout.birthDateCheck)
        mrz[layout.sex] = [UInt8(ascii: document.gender.map { $0 == .unspecified ? "<" : Unicode.Scalar($0.rawValue)! } ?? "<")]
        if let expiryField = layout.expiryDate, let check = layout.expiryDateCheck {
            if let expiry = document.expiryDate { mrz[expiryField] = ArraySlice(MRZDates.encode(expiry).utf8) }
            setCheck(&mrz, over: expiryField, at: check)
        }
        if let personal = layout.optionalData2, let check = layout.personalNumberCheck {
            setCheck(&mrz, over: personal, at: check)
        }
        if let composite = layout.compositeCheck {
            var covered: [UInt8] = []
            for field in layout.compositeCovers { covered += mrz[field] }
            mrz[composite] = [UInt8(ascii: "0") + UInt8(MRZCheckDigit.compute(covered))]
        }
        return mrz.strings
    }

    static func defaultCode(_ format: MRZFormat) -> String {
        switch format {
        case .mrp: return "P"
        case .td1, .td2: return "I"
        case .mrvA, .mrvB: return "V"
        case .cnis: return "ID"
        }
    }

    static func setCheck(_ mrz: inout MRZLines, over field: MRZField, at check: MRZField) {
        mrz[check] = [UInt8(ascii: "0") + UInt8(MRZCheckDigit.compute(mrz[field]))]
    }

    static func write(_ text: String, into field: MRZField, of mrz: inout MRZLines, field name: String) throws(MRZError) {
        try write(encode(text), into: field, of: &mrz, field: name)
    }

    static func write(_ bytes: [UInt8], into field: MRZField, of mrz: inout MRZLines, field name: String) throws(MRZError) {
        guard bytes.count <= field.range.count else { throw MRZError(code: .unencodableField, field: name) }
        mrz[field] = fit(bytes, width: field.range.count)
    }

    /// Upper-cases a value and turns anything outside `A–Z0–9` into fillers.
    static func encode(_ text: String) -> [UInt8] {
        plain(text).map { MRZText.isDigit($0) || MRZText.isLetter($0) ? $0 : MRZText.filler }
    }

    /// A name in MRZ characters: apostrophes dropped, other separators as single fillers.
    static func nameCharacters(_ name: String?) -> [UInt8] {
        guard let name else { return [] }
        var out: [UInt8] = []
        for byte in plain(name) where byte != UInt8(ascii: "'") {
            if MRZText.isLetter(byte) {
                out.append(byte)
            } else if out.last != MRZText.filler, !out.isEmpty {
                out.append(MRZText.filler)
            }
        }
        while out.last == MRZText.filler { out.removeLast() }
        return out
    }

    static func plain(_ text: String) -> [UInt8] {
        Array(text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased().utf8)
    }

    static func fit(_ bytes: [UInt8], width: Int) -> ArraySlice<UInt8> {
        let cut = bytes.prefix(width)
        return ArraySlice(cut + [UInt8](repeating: MRZText.filler, count: width - cut.count))
    }
}
