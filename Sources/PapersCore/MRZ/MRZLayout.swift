/// A run of characters on one MRZ line (0-based line and columns).
public struct MRZField: Sendable, Hashable {
    /// The 0-based line.
    public let line: Int
    /// The 0-based columns.
    public let range: Range<Int>

    init(_ line: Int, _ range: Range<Int>) {
        self.line = line
        self.range = range
    }

    init(_ line: Int, at column: Int) {
        self.init(line, column..<(column + 1))
    }
}

/// Where each field sits in one MRZ format (ICAO 9303 parts 4–7, and the French CNIS card).
///
/// One table serves the parser, the OCR corrector and the generator, so they cannot disagree.
struct MRZLayout: Sendable {
    let format: MRZFormat
    let documentCode: MRZField
    let issuingState: MRZField
    /// The primary and secondary identifiers (for CNIS: the surname only).
    let names: MRZField
    /// CNIS: the given names on line 2.
    let givenNames: MRZField?
    let documentNumber: MRZField
    let documentNumberCheck: MRZField
    let nationality: MRZField?
    let birthDate: MRZField
    let birthDateCheck: MRZField
    let sex: MRZField
    let expiryDate: MRZField?
    let expiryDateCheck: MRZField?
    /// TD1 line 1 optional data; CNIS administrative code.
    let optionalData1: MRZField?
    /// Line 2 optional data; for TD3 the personal number.
    let optionalData2: MRZField?
    /// TD3: the personal number check digit.
    let personalNumberCheck: MRZField?
    let compositeCheck: MRZField?
    /// The runs the composite check digit covers, in order.
    let compositeCovers: [MRZField]

    /// Every check digit position, with the field it protects.
    var checkedFields: [(field: MRZField, check: MRZField)] {
        var pairs: [(MRZField, MRZField)] = [(documentNumber, documentNumberCheck), (birthDate, birthDateCheck)]
        if let expiryDate, let expiryDateCheck { pairs.append((expiryDate, expiryDateCheck)) }
        if let optionalData2, let personalNumberCheck { pairs.append((optionalData2, personalNumberCheck)) }
        return pairs
    }

    /// The fields that hold only digits (dates and check digits): where OCR confusions can be undone.
    var digitOnlyFields: [MRZField] {
        var fields = [birthDate, birthDateCheck, documentNumberCheck]
        if let expiryDate, let expiryDateCheck { fields += [expiryDate, expiryDateCheck] }
        if let compositeCheck { fields.append(compositeCheck) }
        return fields
    }

    /// The fields that hold only letters or fillers (country codes).
    var letterOnlyFields: [MRZField] {
        [issuingState] + (nationality.map { [$0] } ?? [])
    }

    static func layout(for format: MRZFormat) -> MRZLayout {
        switch format {
        case .mrp: return .td3
        case .mrvA: return .mrvA
        case .td2: return .td2
        case .mrvB: return .mrvB
        case .td1: return .td1
        case .cnis: return .cnis
        }
    }

    /// TD3 passports and MRV-A visas share line 1 and the start of line 2.
    private static func twoLine(_ format: MRZFormat, width: Int, composite: Bool, personalNumber: Bool) -> MRZLayout {
        let optionalEnd = composite ? width - (personalNumber ? 2 : 1) : width
        return MRZLayout(
            format: format,
            documentCode: MRZField(0, 0..<2), issuingState: MRZField(0, 2..<5), names: MRZField(0, 5..<width),
            givenNames: nil,
            documentNumber: MRZField(1, 0..<9), documentNumberCheck: MRZField(1, at: 9),
            nationality: MRZField(1, 10..<13),
            birthDate: MRZField(1, 13..<19), birthDateCheck: MRZField(1, at: 19),
            sex: MRZField(1, at: 20),
            expiryDate: MRZField(1, 21..<27), expiryDateCheck: MRZField(1, at: 27),
            optionalData1: nil,
            optionalData2: MRZField(1, 28..<optionalEnd),
            personalNumberCheck: personalNumber ? MRZField(1, at: width - 2) : nil,
            compositeCheck: composite ? MRZField(1, at: width - 1) : nil,
            compositeCovers: composite
                ? [MRZField(1, 0..<10), MRZField(1, 13..<20), MRZField(1, 21..<(width - 1))] : []
        )
    }

    static let td3 = twoLine(.mrp, width: 44, composite: true, personalNumber: true)
    static let mrvA = twoLine(.mrvA, width: 44, composite: false, personalNumber: false)
    static let td2 = twoLine(.td2, width: 36, composite: true, personalNumber: false)
    static let mrvB = twoLine(.mrvB, width: 36, composite: false, personalNumber: false)

    static let td1 = MRZLayout(
        format: .td1,
        documentCode: MRZField(0, 0..<2), issuingState: MRZField(0, 2..<5), names: MRZField(2, 0..<30),
        givenNames: nil,
        documentNumber: MRZField(0, 5..<14), documentNumberCheck: MRZField(0, at: 14),
        nationality: MRZField(1, 15..<18),
        birthDate: MRZField(1, 0..<6), birthDateCheck: MRZField(1, at: 6),
        sex: MRZField(1, at: 7),
        expiryDate: MRZField(1, 8..<14), expiryDateCheck: MRZField(1, at: 14),
        optionalData1: MRZField(0, 15..<30),
        optionalData2: MRZField(1, 18..<29),
        personalNumberCheck: nil,
        compositeCheck: MRZField(1, at: 29),
        compositeCovers: [MRZField(0, 5..<30), MRZField(1, 0..<7), MRZField(1, 8..<15), MRZField(1, 18..<29)]
    )

    static let cnis = MRZLayout(
        format: .cnis,
        documentCode: MRZField(0, 0..<2), issuingState: MRZField(0, 2..<5), names: MRZField(0, 5..<30),
        givenNames: MRZField(1, 13..<27),
        documentNumber: MRZField(1, 0..<12), documentNumberCheck: MRZField(1, at: 12),
        nationality: nil,
        birthDate: MRZField(1, 27..<33), birthDateCheck: MRZField(1, at: 33),
        sex: MRZField(1, at: 34),
        expiryDate: nil, expiryDateCheck: nil,
        optionalData1: MRZField(0, 30..<36),
        optionalData2: nil,
        personalNumberCheck: nil,
        compositeCheck: MRZField(1, at: 35),
        compositeCovers: [MRZField(0, 0..<36), MRZField(1, 0..<35)]
    )
}
