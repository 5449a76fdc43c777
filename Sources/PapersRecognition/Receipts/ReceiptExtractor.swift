import Foundation

/// Reads a receipt's fields from its recognised text: merchant, date and time, currency,
/// subtotal, tax, tip and total (checked against each other), line items, payment and category.
///
/// Amounts are found by their labels (``ReceiptLabel``) and taken from the right end of the
/// line, or from the next line when the label stands alone. When several lines could be the
/// total, the one that subtotal + tax + tip confirms wins. Line items are the priced lines above
/// the first subtotal, tax or total line. Nothing is invented: a field whose label or pattern is
/// not found is `nil`.
public struct ReceiptExtractor: Sendable {
    /// The categorizer.
    public var categorizer: ReceiptCategorizer

    /// Creates an extractor.
    public init(categorizer: ReceiptCategorizer = ReceiptCategorizer()) {
        self.categorizer = categorizer
    }

    /// A line with its amounts and label.
    struct Line {
        let index: Int
        let view: TextLineView
        let amounts: [ParsedAmount]
        let label: ReceiptLabel?
        var text: String { view.text }
    }

    /// The receipt printed in `text`.
    public func extract(from text: RecognizedText) -> Receipt {
        let views = text.lines.map { TextLineView(Self.cleaned($0)) }
        let currency = Self.currency(views)
        let parser = AmountParser(defaultCurrency: currency?.value)
        let lines = views.enumerated().map { index, view in
            Line(index: index, view: view, amounts: parser.amounts(in: view.text), label: ReceiptLabel.of(view.text))
        }
        var receipt = Receipt()
        receipt.currency = currency
        let amounts = Self.totals(lines, minorDigits: currency?.value.minorDigits ?? 2)
        receipt.subtotal = amounts.subtotal
        receipt.tax = amounts.tax
        receipt.tip = amounts.tip
        receipt.total = amounts.total
        let firstAmountLine = amounts.firstLabelledLine ?? lines.count
        let dayFirst = currency.map { $0.value.code != "USD" } ?? false
        receipt.date = Self.date(lines, parser: DateParser(dayFirst: dayFirst))
        let header = Self.header(lines, before: firstAmountLine)
        receipt.vendorName = header.name
        receipt.vendorAddress = header.address
        receipt.vendorPhone = header.phone
        receipt.lineItems = Self.lineItems(lines, from: header.end, to: firstAmountLine)
        receipt.payment = Self.payment(lines)
        if let found = categorizer.categorize(views.flatMap { $0.line.words.map(\.text) }) {
            receipt.category = ExtractedField(value: found.category, confidence: found.confidence, box: nil)
        }
        receipt.consistency = ReceiptConsistency.check(subtotal: receipt.subtotal?.value, tax: receipt.tax?.value,
                                                       tip: receipt.tip?.value, total: receipt.total?.value,
                                                       lineItems: receipt.lineItems.map(\.total),
                                                       minorDigits: currency?.value.minorDigits ?? 2)
        if receipt.consistency.totalsAgree == true {
            for key in [\Receipt.subtotal, \Receipt.tax, \Receipt.tip, \Receipt.total] {
                let confirmed = (receipt[keyPath: key]?.confidence ?? 0) * 0.5 + 0.5
                receipt[keyPath: key]?.confidence = min(1, confirmed)
            }
        }
        return receipt
    }

    /// The line with OCR's usual confusions inside amounts undone: `O` for 0 and `l`/`I` for 1
    /// in a word that is otherwise a number with a decimal separator (`1O.5O`).
    static func cleaned(_ line: RecognizedLine) -> RecognizedLine {
        var line = line
        // Rules, perforations and paper edges read as marks: words of nothing else go.
        line.words.removeAll { word in word.text.allSatisfy { "|}{[]_\\/~;:'\"`".contains($0) } }
        for index in line.words.indices {
            let word = line.words[index].text
            // The dong sign read as "d" or "4" after a number grouped by points ("160.0004"): no
            // amount has a last group of four digits.
            if let undone = Self.dongSign(word) {
                line.words[index].text = undone
                continue
            }
            let digits = word.filter(\.isNumber).count
            guard digits >= 2, word.contains(where: { $0 == "." || $0 == "," }),
                  word.allSatisfy({ $0.isNumber || ".,-$€£()".contains($0) || "OoIlS".contains($0) }) else { continue }
            line.words[index].text = String(word.map { c -> Character in
                switch c {
                case "O", "o": "0"
                case "I", "l": "1"
                case "S": "5"
                default: c
                }
            })
        }
        return line
    }

    /// `word` with a misread dong sign put back (`50.000d`, `50.0004` → `50.000đ`), `nil` when it is not one.
    static func dongSign(_ word: String) -> String? {
        guard let last = word.last, last == "d" || last == "4" else { return nil }
        let number = word.dropLast()
        let groups = number.split(separator: ".", omittingEmptySubsequences: false)
        guard groups.count >= 2, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
              groups.allSatisfy({ $0.allSatisfy { $0.isNumber && $0.isASCII } }) else { return nil }
        return number + "đ"
    }

    // MARK: currency

    static func currency(_ views: [TextLineView]) -> ExtractedField<Currency>? {
        var votes: [String: (count: Int, confidence: Double, box: TextBox)] = [:]
        let parser = AmountParser()
        for view in views {
            for amount in parser.amounts(in: view.text) {
                guard let currency = amount.currency else { continue }
                let confidence = amount.currencyConfidence * view.confidence(for: amount.range)
                let entry = votes[currency.code]
                votes[currency.code] = ((entry?.count ?? 0) + 1, max(entry?.confidence ?? 0, confidence),
                                        entry?.box ?? view.box(for: amount.range))
            }
            // A code standing alone ("Currency: EUR", "VND").
            for (index, word) in view.line.words.enumerated() {
                let bare = word.text.trimmingCharacters(in: CharacterSet(charactersIn: ":.,()"))
                guard bare.count == 3, bare == bare.uppercased(), let currency = Currency.code(bare) else { continue }
                let entry = votes[currency.code]
                votes[currency.code] = ((entry?.count ?? 0) + 1, max(entry?.confidence ?? 0, word.confidence * 0.9),
                                        entry?.box ?? view.line.words[index].box)
            }
        }
        guard let best = votes.max(by: { ($0.value.count, $0.value.confidence) < ($1.value.count, $1.value.confidence) }),
              let currency = Currency.code(best.key) else { return nil }
        let total = votes.values.map(\.count).reduce(0, +)
        let agreement = Double(best.value.count) / Double(total)
        return ExtractedField(value: currency, confidence: best.value.confidence * agreement, box: best.value.box)
    }

    // MARK: totals

    struct Totals {
        var subtotal, tax, tip, total: ExtractedField<Decimal>?
        var firstLabelledLine: Int?
    }

    /// The amount a labelled line gives: its rightmost amount, or the next line's when the
    /// label stands alone.
    static func value(of line: Line, in lines: [Line]) -> ExtractedField<Decimal>? {
        if let amount = line.amounts.last {
            return ExtractedField(value: amount.value, confidence: line.view.confidence(for: amount.range),
                                  box: line.view.box(for: amount.range))
        }
        let nextIndex = line.index + 1
        guard nextIndex < lines.count, lines[nextIndex].label == nil, lines[nextIndex].amounts.count == 1,
              let amount = lines[nextIndex].amounts.first else { return nil }
        let next = lines[nextIndex]
        return ExtractedField(value: amount.value, confidence: 0.9 * next.view.confidence(for: amount.range),
                              box: next.view.box(for: amount.range))
    }

    static func totals(_ lines: [Line], minorDigits: Int) -> Totals {
        var subtotals: [ExtractedField<Decimal>] = [], taxes: [ExtractedField<Decimal>] = []
        var tips: [ExtractedField<Decimal>] = [], totals: [(field: ExtractedField<Decimal>, strength: Int, line: Int)] = []
        var first: Int?
        for line in lines {
            guard let label = line.label, let value = value(of: line, in: lines) else { continue }
            switch label {
            case .subtotal: subtotals.append(value)
            case .tax: taxes.append(value)
            case .tip: tips.append(value)
            case .total(let strength): totals.append((value, strength, line.index))
            case .other: continue
            }
            if label != .other, first == nil { first = line.index }
        }
        var result = Totals(firstLabelledLine: first)
        result.subtotal = subtotals.first
        // Several tax lines (state and city, two VAT rates) add up.
        if !taxes.isEmpty {
            result.tax = ExtractedField(value: taxes.map(\.value).reduce(0, +), confidence: taxes.map(\.confidence).min()!,
                                        box: TextBox.union(of: taxes.compactMap(\.box)))
        }
        result.tip = tips.first
        let tolerance = ReceiptConsistency.tolerance(minorDigits: minorDigits)
        if let subtotal = result.subtotal?.value {
            let expected = subtotal + (result.tax?.value ?? 0) + (result.tip?.value ?? 0)
            if let confirmed = totals.first(where: { abs($0.field.value - expected) <= tolerance }) {
                result.total = confirmed.field
                return result
            }
        }
        // Otherwise the strongest wording, the first of equals; a positive amount.
        let positive = totals.filter { $0.field.value > 0 }
        if let strongest = positive.max(by: { ($0.strength, -$0.line) < ($1.strength, -$1.line) }) {
            var field = strongest.field
            // Two different totals without a check to choose: less sure.
            if Set(positive.map(\.field.value)).count > 1 { field.confidence *= 0.7 }
            result.total = field
        }
        return result
    }

    // MARK: date

    static func date(_ lines: [Line], parser: DateParser) -> ExtractedField<ParsedDateTime>? {
        for (position, line) in lines.enumerated() {
            guard var date = parser.firstDate(in: line.text) else { continue }
            var box = line.view.line.box
            var confidence = line.view.meanConfidence
            var time = parser.firstTime(in: line.text)
            // A time printed on a line of its own right below or above.
            for neighbour in [position + 1, position - 1] where time == nil && lines.indices.contains(neighbour) {
                if parser.firstDate(in: lines[neighbour].text) == nil, let found = parser.firstTime(in: lines[neighbour].text) {
                    time = found
                    box = box.union(lines[neighbour].view.line.box)
                    confidence = min(confidence, lines[neighbour].view.meanConfidence)
                }
            }
            if let time { (date.hour, date.minute, date.second) = (time.hour, time.minute, time.second) }
            if date.isAmbiguous { confidence *= 0.75 }
            return ExtractedField(value: date, confidence: confidence, box: box)
        }
        return nil
    }

    // MARK: header

    struct Header {
        var name, address, phone: ExtractedField<String>?
        var end: Int
    }

    static let notNames: Set<String> = ["RECEIPT", "WELCOME", "WELCOME TO", "TAX INVOICE", "INVOICE", "SALES RECEIPT",
                                        "CUSTOMER COPY", "MERCHANT COPY", "ORDER", "THANK YOU", "KASSENBON", "RECU", "HOA DON"]
    static let streetWords: Set<String> = ["ST", "STREET", "AVE", "AVENUE", "RD", "ROAD", "BLVD", "BOULEVARD", "DR", "DRIVE",
                                           "LN", "LANE", "WAY", "HWY", "HIGHWAY", "PL", "PLACE", "CT", "SQ", "SQUARE",
                                           "STRASSE", "STR", "PLATZ", "WEG", "RUE", "AV", "CHEMIN", "ALLEE", "HIGH", "SUITE",
                                           "DUONG", "ĐƯỜNG", "QUAN", "QUẬN", "PHUONG", "PHƯỜNG"]

    static func isPhone(_ text: String) -> Range<Int>? {
        let units = Array(text.utf16)
        var best: Range<Int>?
        var start: Int?
        var digits = 0
        func close(_ end: Int) {
            if let begin = start, digits >= 9, digits <= 15 {
                var trimmedEnd = end
                while trimmedEnd > begin, !(48...57).contains(units[trimmedEnd - 1]) && units[trimmedEnd - 1] != 41 { trimmedEnd -= 1 }
                best = best ?? (begin..<trimmedEnd)
            }
            start = nil
            digits = 0
        }
        for (index, unit) in units.enumerated() {
            let isDigit = (48...57).contains(unit)
            let isPhoneMark = [32, 40, 41, 43, 45, 46].contains(unit) // space ( ) + - .
            if isDigit || (start != nil && isPhoneMark) || (start == nil && (unit == 40 || unit == 43)) {
                if start == nil { start = index }
                if isDigit { digits += 1 }
            } else {
                close(index)
            }
        }
        close(units.count)
        return best
    }

    static func isAddress(_ text: String) -> Bool {
        let upper = text.uppercased()
        let words = upper.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        let street = words.contains { word in
            streetWords.contains(word) || ["STR", "STRASSE", "STRAßE", "WEG", "PLATZ", "GASSE", "ALLEE"].contains { word.count > $0.count + 2 && word.hasSuffix($0) }
        }
        if street, words.contains(where: { $0.first?.isNumber == true }) { return true }
        // "SPRINGFIELD, IL 62704", "10115 BERLIN", "SW1A 1AA", "75001 PARIS"
        for (index, word) in words.enumerated() {
            if word.count == 5, word.allSatisfy(\.isNumber) {
                if index > 0, words[index - 1].count == 2, words[index - 1].allSatisfy(\.isLetter) { return true }
                if index + 1 < words.count, words[index + 1].allSatisfy(\.isLetter), index == 0 { return true }
            }
            if index + 1 < words.count, (2...4).contains(word.count), word.first!.isLetter, word.contains(where: \.isNumber),
               words[index + 1].count == 3, words[index + 1].first!.isNumber { return true }
        }
        return false
    }

    static func header(_ lines: [Line], before limit: Int) -> Header {
        var header = Header(end: 0)
        let top = lines.prefix(min(limit, 10))
        var addressLines: [Line] = []
        var lastHeaderLine = -1
        for line in top {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            let letters = text.filter(\.isLetter).count
            if header.phone == nil, let range = isPhone(text),
               text.uppercased().contains("TEL") || text.uppercased().contains("PH") || letters <= 6 {
                header.phone = ExtractedField(value: line.view.substring(range).trimmingCharacters(in: .whitespaces),
                                              confidence: line.view.confidence(for: range), box: line.view.box(for: range))
                lastHeaderLine = line.index
                continue
            }
            if DateParser().firstDate(in: text) != nil || !line.amounts.isEmpty { continue }
            if header.name == nil {
                guard letters >= 3, !notNames.contains(text.uppercased()), !isAddress(text) else { continue }
                // Words the recogniser is unsure of at the end of a large heading are usually its
                // ornaments or a logo, not the name.
                var kept = line.view.line.words
                while let last = kept.last, kept.count > 1, last.confidence < 0.4 { kept.removeLast() }
                let name = kept.map(\.text).joined(separator: " ")
                header.name = ExtractedField(value: name, confidence: kept.map(\.confidence).reduce(0, +) / Double(kept.count),
                                             box: TextBox.union(of: kept.map(\.box)))
                lastHeaderLine = line.index
                continue
            }
            if isAddress(text) || (addressLines.count == 1 && line.index == addressLines[0].index + 1 && isAddress(text)) {
                addressLines.append(line)
                lastHeaderLine = line.index
            }
        }
        if !addressLines.isEmpty {
            header.address = ExtractedField(value: addressLines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"),
                                            confidence: addressLines.map(\.view.meanConfidence).min()!,
                                            box: TextBox.union(of: addressLines.map(\.view.line.box)))
        }
        header.end = lastHeaderLine + 1
        return header
    }

    // MARK: line items

    static func lineItems(_ lines: [Line], from start: Int, to end: Int) -> [ReceiptLineItem] {
        guard start < end else { return [] }
        var items: [ReceiptLineItem] = []
        for line in lines[start..<end] {
            guard line.label == nil, let amount = line.amounts.last else { continue }
            let view = line.view
            let units = Array(view.text.utf16)
            var description = String(decoding: units[..<(line.amounts.count > 1 ? line.amounts[0].range.lowerBound : amount.range.lowerBound)],
                                     as: UTF16.self).trimmingCharacters(in: .whitespaces)
            guard description.filter(\.isLetter).count >= 2, DateParser().firstDate(in: view.text) == nil else { continue }
            var quantity: Decimal?
            var unitPrice: Decimal?
            // "2 x COFFEE", "2 @ 3.50", "COFFEE 2 @ 3.50", a leading count "2 COFFEE".
            var words = description.split(separator: " ").map(String.init)
            if let first = words.first, let count = Int(first.trimmingCharacters(in: CharacterSet(charactersIn: "xX"))),
               (1...99).contains(count), words.count > 1 {
                quantity = Decimal(count)
                words.removeFirst()
                if let next = words.first, ["x", "X", "@", "×"].contains(next) { words.removeFirst() }
            }
            if line.amounts.count > 1 {
                unitPrice = line.amounts[line.amounts.count - 2].value
                if let marker = words.lastIndex(where: { ["x", "X", "@", "×"].contains($0) }) {
                    if marker > 0, let count = Int(words[marker - 1]), (1...999).contains(count) {
                        quantity = Decimal(count)
                        words.removeSubrange((marker - 1)...)
                    } else {
                        words.removeSubrange(marker...)
                    }
                }
            }
            description = words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " .-"))
            guard !description.isEmpty else { continue }
            if let quantity, unitPrice == nil, quantity != 0 { unitPrice = amount.value / quantity }
            items.append(ReceiptLineItem(description: description, quantity: quantity, unitPrice: unitPrice, total: amount.value,
                                         confidence: view.meanConfidence, box: view.line.box))
        }
        return items
    }

    // MARK: payment

    static let cardTypes: [(words: [String], type: String)] = [
        (["VISA"], "visa"), (["MASTERCARD", "MASTER CARD", "MC", "MASTER"], "mastercard"),
        (["AMEX", "AMERICAN EXPRESS"], "amex"), (["DISCOVER"], "discover"), (["MAESTRO"], "maestro"), (["JCB"], "jcb"),
        (["DEBIT", "EC KARTE", "GIROCARD"], "debit"), (["CASH", "BAR", "ESPECES", "TIỀN MẶT", "TIEN MAT"], "cash"),
    ]

    static func payment(_ lines: [Line]) -> ReceiptPayment? {
        var found: ReceiptPayment?
        for line in lines {
            let upper = " " + line.text.uppercased().map { $0.isLetter || $0.isNumber ? $0 : " " }.map(String.init).joined() + " "
            guard let card = cardTypes.first(where: { $0.words.contains { upper.contains(" " + $0 + " ") } }) else { continue }
            // Cash counts only when no card is named anywhere.
            if card.type == "cash", found != nil { continue }
            let lastFour = Self.lastFour(line.text)
            let payment = ReceiptPayment(type: card.type, lastFour: lastFour, confidence: line.view.meanConfidence,
                                         box: line.view.line.box)
            if found == nil || found?.type == "cash" || (found?.lastFour == nil && lastFour != nil && found?.type == card.type) {
                found = payment
            }
        }
        if var payment = found, payment.lastFour == nil, payment.type != "cash" {
            // The number may be printed on a line of its own ("ACCT ************1234").
            for line in lines { if let digits = lastFour(line.text) { payment.lastFour = digits; break } }
            found = payment
        }
        return found
    }

    /// The last four digits after a masked card number (`****1234`, `XXXX XXXX 1234`, `#1234` after
    /// masks, `ENDING IN 1234`).
    static func lastFour(_ text: String) -> String? {
        let characters = Array(text)
        for index in characters.indices where index + 4 <= characters.count {
            let four = characters[index..<(index + 4)]
            guard four.allSatisfy({ $0.isNumber && $0.isASCII }),
                  index + 4 == characters.count || !characters[index + 4].isNumber,
                  index == 0 || !characters[index - 1].isNumber else { continue }
            let before = String(characters[..<index]).uppercased()
            let masks = before.suffix(6).filter { "*X#•.".contains($0) }.count
            if masks >= 2 || before.hasSuffix("ENDING IN ") || before.hasSuffix("ENDING ") { return String(four) }
        }
        return nil
    }
}
