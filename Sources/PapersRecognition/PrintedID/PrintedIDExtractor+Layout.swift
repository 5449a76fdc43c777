import Foundation
import PapersCore

extension PrintedIDExtractor {
    // MARK: Labels by position

    /// A licence or card number: letters, digits and hyphens with at least four digits, perhaps
    /// printed in groups (`123 456 789`).
    static let numberValuePattern = try! NSRegularExpression(pattern: #"^([A-Z0-9][A-Z0-9-]{2,24}(?: [0-9]{3,4})*)"#)
    static let sexValuePattern = try! NSRegularExpression(pattern: #"^([MFX])(?![A-Z0-9])"#)
    static let nameValuePattern = try! NSRegularExpression(pattern: #"^([A-Z][A-Z'-]*(?: [A-Z][A-Z'-]*)*)"#)

    /// Reads every labelled field from the value printed right of its label on the same row or,
    /// failing that, directly below it (``PrintedIDLayout/right(of:)``, ``PrintedIDLayout/below(_:)``).
    func readLabels(_ layout: PrintedIDLayout, into fields: inout PrintedIDFields) {
        for (index, word) in layout.words.enumerated() {
            guard let label = word.label, label != .other, !isRead(label, fields) else { continue }
            for candidate in [layout.right(of: index), layout.below(index)] where !candidate.isEmpty {
                if read(label, from: Line(layout.line(candidate)), into: &fields) { break }
            }
        }
    }

    /// A number printed after a small word that reads as no label (a label misread beyond
    /// recognition): a value of six digits or more right of it or below it.
    func readNumberAfterUnreadLabel(_ layout: PrintedIDLayout, into fields: inout PrintedIDFields) {
        for (index, word) in layout.words.enumerated() where fields.idNumber == nil && word.small && word.label == nil {
            for candidate in [layout.right(of: index), layout.below(index)] where !candidate.isEmpty {
                var probe = PrintedIDFields()
                guard read(.number, from: Line(layout.line(candidate)), into: &probe), let number = probe.idNumber,
                      number.value.filter(\.isNumber).count >= 6 else { continue }
                fields.idNumber = ExtractedField(value: number.value, confidence: number.confidence * 0.8, box: number.box)
                break
            }
        }
    }

    func isRead(_ label: PrintedIDLabel, _ fields: PrintedIDFields) -> Bool {
        switch label {
        case .birth: fields.dob != nil
        case .issue: fields.issuingDate != nil
        case .expiry: fields.expiryDate != nil
        case .number: fields.idNumber != nil
        case .sex: fields.gender != nil
        case .lastName: fields.lastName != nil
        case .firstName: fields.firstName != nil
        case .other: true
        }
    }

    /// Reads `label`'s value from the start of `value`; whether it fitted.
    func read(_ label: PrintedIDLabel, from value: Line, into fields: inout PrintedIDFields) -> Bool {
        let text = value.text as NSString
        let whole = NSRange(location: 0, length: text.length)
        func first(_ pattern: NSRegularExpression) -> NSTextCheckingResult? { pattern.firstMatch(in: value.text, options: .anchored, range: whole) }
        switch label {
        case .birth, .issue, .expiry:
            guard let match = first(Self.datePattern), let parsed = date(match, in: text) else { return false }
            let (confidence, box) = value.span(match.range)
            let field = ExtractedField(value: parsed, confidence: confidence, box: box)
            switch label {
            case .birth: fields.dob = field
            case .issue: fields.issuingDate = field
            default: fields.expiryDate = field
            }
        case .number:
            guard let match = first(Self.numberValuePattern) else { return false }
            let number = text.substring(with: match.range(at: 1))
            guard number.filter(\.isNumber).count >= 4,
                  Self.datePattern.firstMatch(in: number, range: NSRange(location: 0, length: (number as NSString).length)) == nil else { return false }
            let (confidence, box) = value.span(match.range(at: 1))
            fields.idNumber = ExtractedField(value: number, confidence: confidence, box: box)
        case .sex:
            guard let match = first(Self.sexValuePattern), let gender = Gender(rawValue: text.substring(with: match.range(at: 1))) else { return false }
            let (confidence, box) = value.span(match.range(at: 1))
            fields.gender = ExtractedField(value: gender, confidence: confidence, box: box)
        case .lastName, .firstName:
            guard let match = first(Self.nameValuePattern) else { return false }
            let name = text.substring(with: match.range(at: 1))
            let (confidence, box) = value.span(match.range(at: 1))
            if label == .lastName {
                fields.lastName = ExtractedField(value: name, confidence: confidence, box: box)
            } else {
                setGiven(name, confidence: confidence, box: box, into: &fields)
            }
        case .other:
            return false
        }
        return true
    }

    /// Sets the first name to the first of the given names and the middle name to the rest.
    func setGiven(_ given: String, confidence: Double, box: TextBox, into fields: inout PrintedIDFields) {
        let names = given.split(separator: " ").map(String.init)
        guard let firstName = names.first else { return }
        fields.firstName = ExtractedField(value: firstName, confidence: confidence, box: box)
        if names.count > 1 { fields.middleName = ExtractedField(value: names.dropFirst().joined(separator: " "), confidence: confidence, box: box) }
    }

    // MARK: Names above the address

    static let commaNamePattern = try! NSRegularExpression(pattern: #"^([A-Z][A-Z' -]*[A-Z])\s*[,.]\s*([A-Z][A-Z' -]*[A-Z])$"#)
    static let lettersPattern = try! NSRegularExpression(pattern: #"^[A-Z][A-Z' -]*[A-Z]$"#)
    /// Words of a card's title, never of a holder's name.
    static let titleWords: Set<String> = ["DRIVER", "DRIVER'S", "DRIVERS", "LICENSE", "LICENCE", "IDENTIFICATION", "CARD", "USA", "CANADA",
                                          "PERMIS", "CONDUIRE", "STATE", "ID", "REAL"]

    /// Unlabelled names, printed directly above the address: `LAST, FIRST MIDDLE` on one line, or
    /// `LAST` over `FIRST MIDDLE` (AAMVA DL/ID Card Design Standard, fields 1 and 2 in zone II).
    func readNamesAbove(street: [Int], in layout: PrintedIDLayout, into fields: inout PrintedIDFields) {
        guard fields.lastName == nil, fields.firstName == nil, let given = layout.segment(above: street) else { return }
        func nameLine(_ segment: [Int]) -> Line? {
            let segment = layout.droppingLeadingSmall(segment)
            guard !segment.isEmpty, segment.allSatisfy({ layout.words[$0].label == nil && !Self.titleWords.contains(layout.words[$0].text) }) else { return nil }
            return Line(layout.line(segment))
        }
        guard let line = nameLine(given) else { return }
        let text = line.text as NSString
        let whole = NSRange(location: 0, length: text.length)
        if let match = Self.commaNamePattern.firstMatch(in: line.text, range: whole) {
            let (lastConfidence, lastBox) = line.span(match.range(at: 1)), (confidence, box) = line.span(match.range(at: 2))
            fields.lastName = ExtractedField(value: text.substring(with: match.range(at: 1)), confidence: lastConfidence * 0.9, box: lastBox)
            setGiven(text.substring(with: match.range(at: 2)), confidence: confidence * 0.9, box: box, into: &fields)
            return
        }
        guard Self.lettersPattern.firstMatch(in: line.text, range: whole) != nil,
              let lastSegment = layout.segment(above: given), let last = nameLine(lastSegment),
              Self.lettersPattern.firstMatch(in: last.text, range: NSRange(location: 0, length: (last.text as NSString).length)) != nil,
              last.text.split(separator: " ").count <= 3 else { return }
        let (lastConfidence, lastBox) = last.span(NSRange(location: 0, length: (last.text as NSString).length))
        fields.lastName = ExtractedField(value: last.text, confidence: lastConfidence * 0.9, box: lastBox)
        let (confidence, box) = line.span(whole)
        setGiven(line.text, confidence: confidence * 0.9, box: box, into: &fields)
    }

    // MARK: Evidence

    static let jurisdictionNames: [String] = AAMVAJurisdiction.all.map { " " + $0.name.uppercased() + " " }

    /// The signs that the text is a card front (``PrintedIDEvidence``).
    func evidence(whole: String, layout: PrintedIDLayout, fields: PrintedIDFields,
                  unlabelledDates: [ExtractedField<CalendarDate>]) -> PrintedIDEvidence {
        var evidence: PrintedIDEvidence = []
        if fields.documentType != nil { evidence.insert(.title) }
        let spaced = " " + String(whole.map { $0.isLetter ? $0 : " " }).split(separator: " ").joined(separator: " ") + " "
        if Self.jurisdictionNames.contains(where: { spaced.contains($0) }) { evidence.insert(.jurisdiction) }
        let dates = Set([fields.dob?.value, fields.issuingDate?.value, fields.expiryDate?.value].compactMap { $0 } + unlabelledDates.map(\.value))
        if dates.count >= 2 { evidence.insert(.dates) }
        let labels = Set(layout.words.compactMap { $0.label == nil ? nil : PrintedIDLabel.key($0.text) })
        if labels.count >= 3 { evidence.insert(.labels) }
        return evidence
    }
}
