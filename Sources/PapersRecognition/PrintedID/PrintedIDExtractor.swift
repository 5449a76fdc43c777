import Foundation
import PapersCore

/// Reads the printed fields of a driving licence or ID card front from its recognised text.
///
/// North American cards number their fields or label them (AAMVA's DL/ID Card Design Standard:
/// 1 family name, 2 given names, 3 date of birth, 4a issue, 4b expiry, 4d licence number, 8
/// address, 15 sex; labels `DOB`, `EXP`, `ISS`, `DL`, `DLN`, `LIC#`, `SEX`, `LN`, `FN`), small,
/// left of their values or above them. A label's value is read where it is printed, by the
/// words' boxes: right of it on the same row or directly below it (``PrintedIDLayout``), so that
/// two columns joined into one recognised line, or a row split over two, still pair up. Then each
/// line, cut where a wide gap parts two columns, is read for field numbers and labels (a field
/// number is trusted when its label is misread, as text recognition does with small print).
/// Names without labels are the one or two lines directly above the address (`LAST` over `FIRST
/// MIDDLE`, or `LAST, FIRST MIDDLE`); dates without labels are told apart by their order (birth
/// first, expiry last). Nothing is guessed: a field with no value that fits is `nil`.
public struct PrintedIDExtractor: Sendable {
    /// The year dates are judged against (a birth date lies at least 10 years before it).
    public var currentYear: Int

    /// Creates an extractor.
    public init(currentYear: Int = Calendar(identifier: .gregorian).component(.year, from: Date())) {
        self.currentYear = currentYear
    }

    /// The fields in `text`.
    public func extract(from text: RecognizedText) -> PrintedIDFields {
        var fields = PrintedIDFields()
        let layout = PrintedIDLayout(text)
        let whole = text.lines.map { Line($0).text }.joined(separator: "\n")
        if whole.contains("DRIVER") || whole.contains("LICENSE") || whole.contains("LICENCE") || whole.contains("PERMIS") {
            fields.documentType = .driverLicense
        } else if whole.contains("IDENTIFICATION") || whole.contains("ID CARD") {
            fields.documentType = .identityCard
        }
        readLabels(layout, into: &fields)
        var unlabelledDates: [ExtractedField<CalendarDate>] = []
        let segments = layout.segments.map { Line(layout.line($0)) }
        var street: [Int]?
        for (index, segment) in segments.enumerated() {
            readDates(segment, into: &fields, unlabelled: &unlabelledDates)
            readNumber(segment, into: &fields)
            readNames(segment, into: &fields)
            readSex(segment, into: &fields)
            let below = layout.segment(below: layout.segments[index]).map { Line(layout.line(layout.droppingLeadingSmall($0))) }
                ?? (segments.indices.contains(index + 1) ? segments[index + 1] : nil)
            let unlabelled = layout.droppingLeadingSmall(layout.segments[index])
            if fields.city == nil, !unlabelled.isEmpty, readAddress(Line(layout.line(unlabelled)), next: below, into: &fields) || readAddress(segment, next: below, into: &fields) {
                street = layout.segments[index]
            }
        }
        if let street { readNamesAbove(street: street, in: layout, into: &fields) }
        separateFieldEight(layout, into: &fields)
        readNumberAfterUnreadLabel(layout, into: &fields)
        assign(unlabelledDates, into: &fields)
        fields.evidence = evidence(whole: whole, layout: layout, fields: fields, unlabelledDates: unlabelledDates)
        return fields
    }

    // MARK: Dates

    static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    static let datePattern = try! NSRegularExpression(pattern:
        #"\b(?:(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})|(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})|(\d{1,2}) ?(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]* ?(\d{4}))\b"#)

    /// Which date a label before it names: birth, issue or expiry.
    enum DateRole { case birth, issue, expiry }

    static func role(before text: Substring) -> DateRole? {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).suffix(3).map(String.init)
        for word in words.reversed() {
            switch word {
            case "DOB", "BIRTH", "BORN", "3", "DDN": return .birth
            case "EXP", "EXPIRES", "EXPIRY", "4B", "EXPIRATION": return .expiry
            case "ISS", "ISSUED", "ISSUE", "4A", "DEL": return .issue
            default: continue
            }
        }
        return nil
    }

    /// The date a match of ``datePattern`` holds: MM/DD/YYYY, YYYY/MM/DD or DD MON YYYY, whichever
    /// matched; `nil` when it is no calendar date or lies outside 120 years back to 20 ahead.
    func date(_ match: NSTextCheckingResult, in text: NSString) -> CalendarDate? {
        func group(_ index: Int) -> String? {
            let range = match.range(at: index)
            return range.location == NSNotFound ? nil : text.substring(with: range)
        }
        func make(_ year: String?, _ month: Int?, _ day: String?) -> CalendarDate? {
            guard let year = year.flatMap({ Int($0) }), let month, let day = day.flatMap({ Int($0) }) else { return nil }
            return CalendarDate(year: year, month: month, day: day)
        }
        let date = make(group(3), group(1).flatMap { Int($0) }, group(2))
            ?? make(group(4), group(5).flatMap { Int($0) }, group(6))
            ?? make(group(9), group(8).flatMap { Self.months.firstIndex(of: $0) }.map { $0 + 1 }, group(7))
        guard let date, (currentYear - 120...currentYear + 20).contains(date.year) else { return nil }
        return date
    }

    func readDates(_ line: Line, into fields: inout PrintedIDFields, unlabelled: inout [ExtractedField<CalendarDate>]) {
        let text = line.text as NSString
        var previousEnd = 0
        for match in Self.datePattern.matches(in: line.text, range: NSRange(location: 0, length: text.length)) {
            let before = text.substring(with: NSRange(location: previousEnd, length: match.range.location - previousEnd))
            previousEnd = match.range.location + match.range.length
            guard let parsed = date(match, in: text) else { continue }
            let (confidence, box) = line.span(match.range)
            switch Self.role(before: Substring(before)) {
            case .birth?: if fields.dob == nil { fields.dob = ExtractedField(value: parsed, confidence: confidence, box: box) }
            case .issue?: if fields.issuingDate == nil { fields.issuingDate = ExtractedField(value: parsed, confidence: confidence, box: box) }
            case .expiry?: if fields.expiryDate == nil { fields.expiryDate = ExtractedField(value: parsed, confidence: confidence, box: box) }
            case nil: unlabelled.append(ExtractedField(value: parsed, confidence: confidence * 0.8, box: box))
            }
        }
    }

    /// Dates without labels, in their order: the earliest (at least ten years ago) is the birth,
    /// the latest the expiry, one between them the issue.
    func assign(_ dates: [ExtractedField<CalendarDate>], into fields: inout PrintedIDFields) {
        let known = Set([fields.dob?.value, fields.issuingDate?.value, fields.expiryDate?.value].compactMap { $0 })
        var left = dates.filter { !known.contains($0.value) }.sorted { $0.value < $1.value }
        if fields.dob == nil, let first = left.first, first.value.year <= currentYear - 10 {
            fields.dob = first
            left.removeFirst()
        }
        if fields.expiryDate == nil, let last = left.last, last.value.year >= currentYear - 10 {
            fields.expiryDate = last
            left.removeLast()
        }
        if fields.issuingDate == nil, let issue = left.last(where: { $0.value.year <= currentYear }) {
            fields.issuingDate = issue
        }
    }

    // MARK: Number, names, sex, address

    static let numberPattern = try! NSRegularExpression(pattern:
        #"(?:\b4D\s*[A-Z]{2,4}|\b(?:4D\s*)?(?:DLN|DL ?NO\.?|DL ?#|DL|LIC(?:ENSE|ENCE)? ?(?:NO\.?|#)|LIC ?#?|ID ?(?:NO\.?|#)|CUSTOMER ?(?:NO\.?|#)|NO\.?))(?:\s*[:#])?\s+((?=[A-Z0-9 -]*\d)[A-Z0-9][A-Z0-9-]{3,24}(?: [0-9]{3,4})*)"#)

    /// Field 4d alone on its line with its label misread (`4d OLN`, `44 on`, `ad oin`, `4d0.n`):
    /// a short field number read as starting with 4 or A, a short word, and a value with at least
    /// six digits.
    static let numberedNumberPattern = try! NSRegularExpression(pattern:
        #"^[4A][A-Z0-9.]{0,3}\s*[A-Z0-9.]{0,4}\s+((?=(?:[A-Z-]*\d){6})[A-Z0-9][A-Z0-9-]{4,24})$"#)

    func readNumber(_ line: Line, into fields: inout PrintedIDFields) {
        guard fields.idNumber == nil else { return }
        let text = line.text as NSString
        let whole = NSRange(location: 0, length: text.length)
        guard let match = Self.numberPattern.firstMatch(in: line.text, range: whole)
            ?? Self.numberedNumberPattern.firstMatch(in: line.text, range: whole) else { return }
        let range = match.range(at: 1)
        let value = text.substring(with: range)
        // A date read as a number is not one.
        guard Self.datePattern.firstMatch(in: value, range: NSRange(location: 0, length: (value as NSString).length)) == nil else { return }
        let (confidence, box) = line.span(range)
        fields.idNumber = ExtractedField(value: value, confidence: confidence, box: box)
    }

    static let namePattern = try! NSRegularExpression(pattern: #"^(?:(1|2)[ .:]*|(LN|FN|LAST NAME|FIRST NAME)[ .:]+)([A-Z][A-Z' -]*[A-Z])$"#)

    func readNames(_ line: Line, into fields: inout PrintedIDFields) {
        let text = line.text as NSString
        guard let match = Self.namePattern.firstMatch(in: line.text, range: NSRange(location: 0, length: text.length)) else { return }
        let field = match.range(at: 1).location != NSNotFound ? text.substring(with: match.range(at: 1)) : text.substring(with: match.range(at: 2))
        let range = match.range(at: 3)
        let value = text.substring(with: range)
        let (confidence, box) = line.span(range)
        switch field {
        case "1", "LN", "LAST NAME":
            if fields.lastName == nil { fields.lastName = ExtractedField(value: value, confidence: confidence, box: box) }
        default:
            guard fields.firstName == nil else { return }
            let names = value.split(separator: " ").map(String.init)
            fields.firstName = ExtractedField(value: names[0], confidence: confidence, box: box)
            if names.count > 1 { fields.middleName = ExtractedField(value: names.dropFirst().joined(separator: " "), confidence: confidence, box: box) }
        }
    }

    static let sexPattern = try! NSRegularExpression(pattern: #"SEX\s*:?\s*([MFX])\b"#)

    func readSex(_ line: Line, into fields: inout PrintedIDFields) {
        guard fields.gender == nil else { return }
        let text = line.text as NSString
        guard let match = Self.sexPattern.firstMatch(in: line.text, range: NSRange(location: 0, length: text.length)),
              let gender = Gender(rawValue: text.substring(with: match.range(at: 1))) else { return }
        let (confidence, box) = line.span(match.range(at: 1))
        fields.gender = ExtractedField(value: gender, confidence: confidence, box: box)
    }

    static let cityPattern = try! NSRegularExpression(pattern:
        #"^([A-Z][A-Z .'-]*[A-Z.]),? ([A-Z]{2}),? (\d{5}(?:-?\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)$"#)
    static let streetPattern = try! NSRegularExpression(pattern: #"^(?:8[ .:]+)?(\d+[A-Z]? [A-Z0-9 .,'#-]*[A-Z0-9.])$"#)
    /// A city line whose postal code was misread: the city, a comma, the state and whatever follows.
    static let looseCityPattern = try! NSRegularExpression(pattern: #"^([A-Z][A-Z .'-]*[A-Z.]), ([A-Z]{2})(?: (\S+(?: \S+)?))?$"#)
    static let canadianPostalPattern = try! NSRegularExpression(pattern: #"^[A-Z]\d[A-Z] ?\d[A-Z]\d$"#)

    /// A Canadian postal code (letter, digit, letter, digit, letter, digit) with the letters and
    /// digits text recognition confuses put back by position (`Y3C 9NS` → `Y3C 9N5`); `nil` when
    /// it is not six characters or still does not fit.
    static func repairedCanadianPostalCode(_ text: String) -> String? {
        let characters = Array(text.filter { $0 != " " })
        guard characters.count == 6 else { return nil }
        let asLetter: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"]
        let asDigit: [Character: Character] = ["O": "0", "I": "1", "L": "1", "S": "5", "B": "8", "Z": "2", "G": "6"]
        let fixed = characters.enumerated().map { index, character in
            index % 2 == 0 ? asLetter[character] ?? character : asDigit[character] ?? character
        }
        let code = String(fixed[0..<3]) + " " + String(fixed[3..<6])
        return canadianPostalPattern.firstMatch(in: code, range: NSRange(location: 0, length: code.utf16.count)) == nil ? nil : code
    }

    /// Reads a street line followed by a city line; whether it did.
    func readAddress(_ line: Line, next: Line?, into fields: inout PrintedIDFields) -> Bool {
        guard fields.city == nil, let next else { return false }
        let text = line.text as NSString, nextText = next.text as NSString
        guard let street = Self.streetPattern.firstMatch(in: line.text, range: NSRange(location: 0, length: text.length)),
              let city = Self.cityPattern.firstMatch(in: next.text, range: NSRange(location: 0, length: nextText.length))
                ?? Self.looseCityPattern.firstMatch(in: next.text, range: NSRange(location: 0, length: nextText.length)) else { return false }
        let loose = Self.cityPattern.firstMatch(in: next.text, range: NSRange(location: 0, length: nextText.length)) == nil
        let (streetConfidence, streetBox) = line.span(street.range(at: 1))
        fields.addressLine = ExtractedField(value: text.substring(with: street.range(at: 1)), confidence: streetConfidence, box: streetBox)
        for (index, keyPath) in [(1, \PrintedIDFields.city), (2, \PrintedIDFields.subdivision), (3, \PrintedIDFields.postCode)]
        where city.range(at: index).location != NSNotFound {
            let (confidence, box) = next.span(city.range(at: index))
            fields[keyPath: keyPath] = ExtractedField(value: nextText.substring(with: city.range(at: index)), confidence: confidence, box: box)
        }
        // A postal code read only loosely counts when it is a Canadian one with letters and digits
        // confused.
        if loose, let code = fields.postCode {
            fields.postCode = Self.repairedCanadianPostalCode(code.value).map { repaired in code.map { _ in repaired } }
        }
        // The postal code in the form the barcode's is shown in (ZIP+4 with its hyphen).
        if let code = fields.postCode, let display = AAMVAPostalCode(code.value)?.display { fields.postCode = code.map { _ in display } }
        return true
    }

    /// AAMVA's field number 8 read into the house number (`8 6041` as `86041`): the street starts
    /// with an 8 in the column of the field numbers `1` and `2` (small words), left of the column
    /// their values start in, so the 8 is the field's number.
    func separateFieldEight(_ layout: PrintedIDLayout, into fields: inout PrintedIDFields) {
        guard let address = fields.addressLine, address.value.count > 1, address.value.first == "8",
              address.value.dropFirst().first?.isNumber == true, let box = address.box,
              let value = fields.lastName?.box ?? fields.firstName?.box else { return }
        let height = Double(box.height)
        let numbered = layout.words.contains { word in
            word.small && (word.text == "1" || word.text == "2") && Double(abs(word.box.x - box.x)) <= height / 2
        }
        guard numbered, Double(box.x) < Double(value.x) - 0.4 * height else { return }
        fields.addressLine = address.map { String($0.dropFirst()) }
    }

    /// A recognised line upper-cased, whose matches are traced back to its words.
    struct Line {
        let view: TextLineView
        let text: String

        init(_ line: RecognizedLine) {
            view = TextLineView(line)
            let upper = view.text.uppercased()
            // Upper-casing keeps every UTF-16 offset unless a letter changes length (ß → SS).
            text = upper.utf16.count == view.text.utf16.count ? upper : view.text
        }

        /// The confidence and box of the words a match covers.
        func span(_ range: NSRange) -> (Double, TextBox) {
            let covered = range.location..<(range.location + range.length)
            return (view.confidence(for: covered), view.box(for: covered))
        }
    }
}
