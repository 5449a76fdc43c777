import Foundation
import PapersImaging

/// Reads a Form W-2 from its recognised text by the form's printed box labels.
///
/// Each label ("Wages, tips, other compensation", "Employer identification number (EIN)", "12a",
/// …) is found by its words, tolerating one wrong letter per word. A box's cell runs from its
/// label right to the next label on the same row and down to the next label below; the words in
/// the cell under the label's own row are the box's value. Box 13's boxes count as checked when
/// an `X` is read under their label.
public struct W2Extractor: Sendable {
    /// Creates an extractor.
    public init() {}

    /// A label to look for: its box and its words (letters and digits only, lowercase).
    struct Label: Sendable {
        let key: String
        let words: [String]
    }

    static let labels: [Label] = [
        Label(key: "a", words: ["employees", "social", "security", "number"]),
        Label(key: "b", words: ["employer", "identification", "number"]),
        Label(key: "c", words: ["employers", "name", "address"]),
        Label(key: "d", words: ["control", "number"]),
        Label(key: "e", words: ["employees", "first", "name"]),
        Label(key: "f", words: ["employees", "address", "and", "zip"]),
        Label(key: "1", words: ["wages", "tips", "other", "compensation"]),
        Label(key: "2", words: ["federal", "income", "tax", "withheld"]),
        Label(key: "3", words: ["social", "security", "wages"]),
        Label(key: "4", words: ["social", "security", "tax", "withheld"]),
        Label(key: "5", words: ["medicare", "wages", "and", "tips"]),
        Label(key: "6", words: ["medicare", "tax", "withheld"]),
        Label(key: "7", words: ["social", "security", "tips"]),
        Label(key: "8", words: ["allocated", "tips"]),
        Label(key: "9", words: ["advance", "eic", "payment"]),
        Label(key: "10", words: ["dependent", "care", "benefits"]),
        Label(key: "11", words: ["nonqualified", "plans"]),
        Label(key: "12a", words: ["12a"]),
        Label(key: "12b", words: ["12b"]),
        Label(key: "12c", words: ["12c"]),
        Label(key: "12d", words: ["12d"]),
        Label(key: "13a", words: ["statutory", "employee"]),
        Label(key: "13b", words: ["retirement", "plan"]),
        Label(key: "13c", words: ["thirdparty", "sick", "pay"]),
        Label(key: "14", words: ["14", "other"]),
        Label(key: "14", words: ["other"]),
        Label(key: "15", words: ["state", "employers", "state", "id"]),
        Label(key: "16", words: ["state", "wages", "tips"]),
        Label(key: "17", words: ["state", "income", "tax"]),
        Label(key: "18", words: ["local", "wages", "tips"]),
        Label(key: "19", words: ["local", "income", "tax"]),
        Label(key: "20", words: ["locality", "name"]),
        // The form's title and the IRS line below the boxes bound the cells above them.
        Label(key: "title", words: ["wage", "and", "tax", "statement"]),
        Label(key: "irs", words: ["department", "of", "the", "treasury"]),
    ]

    /// A found label: its box and the words it took.
    struct Anchor {
        let key: String
        let box: TextBox
        let line: Int
        let words: Set<Int>
    }

    /// A word of the page with its line.
    struct PageWord {
        let word: RecognizedWord
        let line: Int
        let index: Int
        var normalized: String { W2Extractor.normalize(word.text) }
    }

    /// Whether the page reads as a W-2: the form's title or enough of its labels.
    public static func looksLikeW2(_ text: RecognizedText) -> Bool {
        let joined = text.text.lowercased()
        if joined.contains("wage and tax statement") || joined.contains("form w-2") || joined.contains("w-2 wage") { return true }
        return anchors(pageWords(text)).count >= 6
    }

    /// The W-2 printed in `text`.
    public func extract(from text: RecognizedText) -> W2Form {
        let words = Self.pageWords(text)
        let anchors = Self.anchors(words)
        let labelWords = Set(anchors.flatMap(\.words))
        var form = W2Form()
        let byKey = Dictionary(anchors.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

        func cellLines(_ key: String) -> [(text: String, words: [PageWord])] {
            guard let anchor = byKey[key] else { return [] }
            let cell = Self.cell(of: anchor, among: anchors, width: text.width, height: text.height)
            let inside = words.filter { word in
                !labelWords.contains(word.index) && word.line != anchor.line
                    && Self.contains(cell, word.word.box.center) && word.word.box.center.y > Double(anchor.box.maxY) - 2
            }
            // Label words the recogniser tore out of a label it did not otherwise read ("number",
            // "code") are not values: values are typed in capitals and digits.
            let labelVocabulary = Set(Self.labels.flatMap(\.words))
            let values = inside.filter { word in
                !(word.word.text == word.word.text.lowercased() && word.word.text.contains(where: \.isLetter)
                    && labelVocabulary.contains(word.normalized))
            }
            let grouped = Dictionary(grouping: values, by: \.line).sorted { $0.key < $1.key }
            return grouped.map { _, words in
                let sorted = words.sorted { $0.word.box.x < $1.word.box.x }
                return (sorted.map(\.word.text).joined(separator: " "), sorted)
            }
        }
        func field(_ words: [PageWord], _ value: W2Value) -> ExtractedField<W2Value> {
            ExtractedField(value: value, confidence: words.map(\.word.confidence).min() ?? 0,
                           box: TextBox.union(of: words.map(\.word.box)))
        }
        func setText(_ box: W2Box, _ key: String, filter: (String) -> String? = { $0 }) {
            guard let line = cellLines(key).first, let value = filter(line.text), !value.isEmpty else { return }
            form.boxes[box] = field(line.words, .text(value))
        }
        func setAmount(_ box: W2Box, _ key: String) {
            guard let line = cellLines(key).first, let value = Self.amount(line.text) else { return }
            form.boxes[box] = field(line.words, .amount(value))
        }

        setText(.employeeSSN, "a", filter: { Self.digitsPattern($0, groups: [3, 2, 4]) })
        setText(.ein, "b", filter: { Self.digitsPattern($0, groups: [2, 7]) })
        setText(.controlNumber, "d")
        let employer = cellLines("c")
        if let first = employer.first {
            form.boxes[.employerName] = field(first.words, .text(first.text))
            let rest = employer.dropFirst()
            if !rest.isEmpty {
                form.boxes[.employerAddress] = field(rest.flatMap(\.words), .text(rest.map(\.text).joined(separator: "\n")))
            }
        }
        let employee = cellLines("e")
        if let first = employee.first {
            form.boxes[.employeeName] = field(first.words, .text(first.text))
            var rest = Array(employee.dropFirst())
            if rest.isEmpty { rest = cellLines("f") }
            if !rest.isEmpty {
                form.boxes[.employeeAddress] = field(rest.flatMap(\.words), .text(rest.map(\.text).joined(separator: "\n")))
            }
        }
        for (box, key) in [(W2Box.wagesOtherComps, "1"), (.federalIncomeTax, "2"), (.ssWages, "3"), (.ssTax, "4"),
                           (.medicareWages, "5"), (.medicareTax, "6"), (.ssTips, "7"), (.allocatedTips, "8"),
                           (.advanceEICPayment, "9"), (.dependentCareBenefits, "10"), (.nonQualifiedPlans, "11")] {
            setAmount(box, key)
        }
        for (letter, code, amount) in [("a", W2Box.field12aCode, W2Box.field12aAmount), ("b", .field12bCode, .field12bAmount),
                                       ("c", .field12cCode, .field12cAmount), ("d", .field12dCode, .field12dAmount)] {
            guard let line = cellLines("12" + letter).first else { continue }
            let codeWords = line.words.filter { word in
                let bare = word.word.text.filter { $0.isLetter }
                return (1...2).contains(bare.count) && bare == word.word.text.filter { $0.isLetter || $0.isNumber } && bare == bare.uppercased()
            }
            if let codeWord = codeWords.first {
                form.boxes[code] = field([codeWord], .text(codeWord.word.text.filter(\.isLetter)))
            }
            let amountWords = line.words.filter { $0.word.text.contains(where: \.isNumber) }
            if let value = Self.amount(amountWords.map(\.word.text).joined()) {
                form.boxes[amount] = field(amountWords, .amount(value))
            }
        }
        if byKey["13a"] != nil || byKey["13b"] != nil || byKey["13c"] != nil {
            let checks = ["13a", "13b", "13c"].map { key -> Bool in
                guard let anchor = byKey[key] else { return false }
                let height = Double(anchor.box.height)
                return words.contains { word in
                    let mark = word.word.text.trimmingCharacters(in: CharacterSet(charactersIn: "[]()|"))
                    let center = word.word.box.center
                    let isMark = ["✓", "✔"].contains(mark) || (1...3).contains(mark.count) && mark.allSatisfy { "Xx".contains($0) }
                    guard isMark, !labelWords.contains(word.index) else { return false }
                    // Under the label, or just left of it on its row (the form's own layout).
                    let below = center.x >= Double(anchor.box.x) - height && center.x <= Double(anchor.box.maxX) + height
                        && center.y > Double(anchor.box.maxY) - 1 && center.y < Double(anchor.box.maxY) + 4 * height
                    let before = center.y > Double(anchor.box.y) - height / 2 && center.y < Double(anchor.box.maxY) + height / 2
                        && center.x < Double(anchor.box.x) && center.x > Double(anchor.box.x) - 4 * height
                    return below || before
                }
            }
            form.box13 = (checks[0], checks[1], checks[2])
        }
        for line in cellLines("14") {
            let parser = AmountParser()
            let amounts = parser.amounts(in: line.text)
            var description = line.text
            var value: Decimal?
            if let last = amounts.last {
                value = last.value
                description = String(decoding: Array(line.text.utf16)[..<last.range.lowerBound], as: UTF16.self)
                    .trimmingCharacters(in: .whitespaces)
            }
            guard !description.isEmpty else { continue }
            form.other.append(W2Form.OtherEntry(description: description, amount: value,
                                                confidence: line.words.map(\.word.confidence).min() ?? 0,
                                                box: TextBox.union(of: line.words.map(\.word.box))!))
        }
        form.states = Self.states(cellLines)
        return form
    }

    static func states(_ cellLines: (String) -> [(text: String, words: [PageWord])]) -> [W2StateRow] {
        let columns = ["15", "16", "17", "18", "19", "20"].map(cellLines)
        let rows = columns.map(\.count).max() ?? 0
        var states: [W2StateRow] = []
        func money(_ line: (text: String, words: [PageWord])?) -> ExtractedField<Decimal>? {
            guard let line, let value = amount(line.text) else { return nil }
            return ExtractedField(value: value, confidence: line.words.map(\.word.confidence).min() ?? 0,
                                  box: TextBox.union(of: line.words.map(\.word.box)))
        }
        for row in 0..<rows {
            var entry = W2StateRow()
            if row < columns[0].count {
                let words = columns[0][row].words
                if let first = words.first {
                    let code = first.word.text.filter(\.isLetter).uppercased()
                    if code.count == 2 {
                        entry.state = ExtractedField(value: code, confidence: first.word.confidence, box: first.word.box)
                        let rest = words.dropFirst()
                        if !rest.isEmpty {
                            entry.employerStateID = ExtractedField(value: rest.map(\.word.text).joined(separator: " "),
                                                                   confidence: rest.map(\.word.confidence).min() ?? 0,
                                                                   box: TextBox.union(of: rest.map(\.word.box)))
                        }
                    }
                }
            }
            func line(_ column: Int) -> (text: String, words: [PageWord])? { row < columns[column].count ? columns[column][row] : nil }
            entry.stateWagesTips = money(line(1))
            entry.stateIncomeTax = money(line(2))
            entry.localWagesTips = money(line(3))
            entry.localIncomeTax = money(line(4))
            if let name = line(5) {
                entry.localityName = ExtractedField(value: name.text, confidence: name.words.map(\.word.confidence).min() ?? 0,
                                                    box: TextBox.union(of: name.words.map(\.word.box)))
            }
            if !entry.isEmpty { states.append(entry) }
        }
        return states
    }

    /// The page's words, with the form's rules that the recogniser read as `|`, `_` or `[`
    /// stripped from their ends and words of nothing else left out.
    static func pageWords(_ text: RecognizedText) -> [PageWord] {
        var words: [PageWord] = []
        let rules = CharacterSet(charactersIn: "|_[]{}")
        for (lineIndex, line) in text.lines.enumerated() {
            for var word in line.words {
                word.text = word.text.trimmingCharacters(in: rules)
                guard !word.text.isEmpty, word.text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                words.append(PageWord(word: word, line: lineIndex, index: words.count))
            }
        }
        return words
    }

    static func normalize(_ text: String) -> String {
        // "¢" is how the recogniser often reads the c of "12c".
        text.lowercased().replacingOccurrences(of: "¢", with: "c").filter { $0.isLetter || $0.isNumber }
    }

    /// Whether two normalised words match, one wrong, missing or extra letter allowed in words of
    /// five letters or more.
    static func matches(_ word: String, _ wanted: String) -> Bool {
        if word == wanted { return true }
        guard wanted.count >= 5 else { return false }
        let a = Array(word), b = Array(wanted)
        guard abs(a.count - b.count) <= 1 else { return false }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count] <= 1
    }

    static func anchors(_ words: [PageWord]) -> [Anchor] {
        var anchors: [Anchor] = []
        var taken = Set<Int>()
        // Longer labels first, so that "social security tax withheld" takes its words before
        // "social security wages" could.
        for label in labels.sorted(by: { $0.words.count > $1.words.count }) {
            search: for start in words.indices where !taken.contains(start) {
                var indices: [Int] = []
                var position = start
                for wanted in label.words {
                    // Labels may run over two words the recogniser split ("third-party" → "third", "party").
                    guard position < words.count, words[position].line == words[start].line else { continue search }
                    if matches(words[position].normalized, wanted) {
                        indices.append(position)
                        position += 1
                    } else if position + 1 < words.count, words[position + 1].line == words[start].line,
                              words[position].normalized + words[position + 1].normalized == wanted {
                        indices += [position, position + 1]
                        position += 2
                    } else {
                        continue search
                    }
                    if indices.contains(where: taken.contains) { continue search }
                }
                // The box's own number or letter printed right before its label belongs to it.
                if start > 0, words[start - 1].line == words[start].line,
                   words[start - 1].normalized == label.key {
                    indices.insert(start - 1, at: 0)
                }
                let box = TextBox.union(of: indices.map { words[$0].word.box })!
                anchors.append(Anchor(key: label.key, box: box, line: words[start].line, words: Set(indices)))
                taken.formUnion(indices)
                break
            }
        }
        return anchors
    }

    /// The cell of a label: right to the next label on its row, down to the next label below,
    /// then no further right than any label that starts within those rows.
    static func cell(of anchor: Anchor, among anchors: [Anchor], width: Int, height: Int) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let labelHeight = Double(max(anchor.box.height, 6))
        let left = Double(anchor.box.x) - 3 * labelHeight
        var right = Double(width), bottom = Double(height)
        for other in anchors where other.key != anchor.key {
            let overlapsRow = other.box.y < anchor.box.maxY && other.box.maxY > anchor.box.y
            if overlapsRow, other.box.x > anchor.box.maxX { right = min(right, Double(other.box.x) - labelHeight) }
        }
        for other in anchors where other.key != anchor.key {
            let overlapsColumn = Double(other.box.maxX) > left && Double(other.box.x) < right
            if Double(other.box.y) > Double(anchor.box.maxY), overlapsColumn { bottom = min(bottom, Double(other.box.y) - 1) }
        }
        for other in anchors where other.key != anchor.key {
            let withinRows = Double(other.box.y) >= Double(anchor.box.y) - labelHeight && Double(other.box.y) < bottom
            if withinRows, Double(other.box.x) > Double(anchor.box.maxX) { right = min(right, Double(other.box.x) - labelHeight) }
        }
        return (left, Double(anchor.box.y), right, bottom)
    }

    static func contains(_ cell: (minX: Double, minY: Double, maxX: Double, maxY: Double), _ point: PapersImaging.Point) -> Bool {
        point.x >= cell.minX && point.x < cell.maxX && point.y >= cell.minY && point.y < cell.maxY
    }

    /// A W-2 amount: digits with optional thousands commas and cents (`55000.00`, `$55,000`).
    static func amount(_ text: String) -> Decimal? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        // "125682 38": cents the recogniser split from the dollars with a space.
        if let space = text.lastIndex(of: " "), text[text.index(after: space)...].count == 2,
           text[text.index(after: space)...].allSatisfy(\.isNumber), !text[..<space].contains("."), !text[..<space].hasSuffix(",") {
            text = text[..<space] + "." + text[text.index(after: space)...]
        }
        let kept = text.filter { $0.isNumber || $0 == "." || $0 == "," }
        // A box's own number (1 to 20) read on its own is not an amount: amounts have cents or
        // at least three digits.
        let digits = kept.filter(\.isNumber).count
        guard digits >= 3 || kept.contains(".") || kept.contains(",") else { return nil }
        var cleaned = kept
        // "55,000.00" and "55000,00": the last separator followed by two digits is the decimal one.
        if let last = cleaned.lastIndex(where: { $0 == "." || $0 == "," }), cleaned.distance(from: last, to: cleaned.endIndex) == 3 {
            let integer = cleaned[..<last].filter(\.isNumber), fraction = cleaned[cleaned.index(after: last)...]
            cleaned = integer + "." + fraction
        } else {
            cleaned = cleaned.filter(\.isNumber)
        }
        return Decimal(string: cleaned, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `text`'s digits in the given groups joined by hyphens (`123-45-6789`), when it holds exactly that many digits.
    static func digitsPattern(_ text: String, groups: [Int]) -> String? {
        let digits = Array(text.filter { $0.isNumber && $0.isASCII })
        guard digits.count == groups.reduce(0, +) else { return nil }
        var parts: [String] = []
        var start = 0
        for group in groups {
            parts.append(String(digits[start..<(start + group)]))
            start += group
        }
        return parts.joined(separator: "-")
    }
}

