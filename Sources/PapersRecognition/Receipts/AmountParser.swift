import Foundation

/// Reads money amounts as receipts print them, in the conventions of many locales.
///
/// `1,234.56` and `1.234,56` are both 1234.56: with two kinds of separator the last is the
/// decimal one. With one kind, a comma followed by exactly three digits groups thousands
/// (`1,234`), as does a point when the currency has no minor unit (`50.000 ₫`); one or two digits
/// after it make it a decimal separator (`12,5`, `12,00`). A currency symbol or ISO 4217 code may
/// stand before or after the number, with or without a space (`$12.00`, `12,00 €`, `EUR 12`,
/// `50.000đ`). A leading or trailing minus, or parentheses, make the amount negative.
public struct AmountParser: Sendable {
    /// The currency assumed for the grouping rules when none is printed with an amount (its
    /// minor digits decide whether `50.000` is fifty thousand). Default `nil`: two minor digits.
    public var defaultCurrency: Currency?

    /// Creates a parser.
    public init(defaultCurrency: Currency? = nil) {
        self.defaultCurrency = defaultCurrency
    }

    /// The amount that makes up all of `text` (surrounding spaces aside), `nil` when `text` is not
    /// exactly one amount.
    public func parse(_ text: String) -> ParsedAmount? {
        let found = amounts(in: text)
        guard found.count == 1, let amount = found.first else { return nil }
        let utf16 = Array(text.utf16)
        let before = utf16[0..<amount.range.lowerBound], after = utf16[amount.range.upperBound...]
        let space = Set(" \t".utf16)
        guard before.allSatisfy(space.contains), after.allSatisfy(space.contains) else { return nil }
        return amount
    }

    /// Every amount in `text`, left to right. A bare integer counts as an amount only when it has
    /// a currency mark (`$5`, `5 EUR`); otherwise numbers need a decimal part (`5.00`) or
    /// thousands grouping with a currency mark, so that quantities, dates and reference numbers
    /// are not read as money.
    public func amounts(in text: String) -> [ParsedAmount] {
        let characters = Array(text.utf16)
        var found: [ParsedAmount] = []
        var index = 0
        while index < characters.count {
            guard isDigit(characters[index]) else { index += 1; continue }
            // The number: digits with single separators between them.
            let start = index
            var end = index
            while end < characters.count {
                if isDigit(characters[end]) { end += 1; continue }
                if isSeparator(characters[end]), end + 1 < characters.count, isDigit(characters[end + 1]), end > start {
                    end += 1
                    continue
                }
                break
            }
            defer { index = end }
            // A number glued to letters or digits-with-slashes on its left (a date, a code) is not an amount.
            if start > 0, isWordCharacter(characters[start - 1]), !isCurrencyLetter(characters, before: start),
               !isTimesSign(characters, at: start - 1) { continue }
            if start > 0, [ascii("/"), ascii(":")].contains(characters[start - 1]) { continue }
            if end < characters.count, [ascii("/"), ascii(":"), ascii("%")].contains(characters[end]) { continue }
            let prefix = currencyBefore(characters, start)
            let suffix = currencyAfter(characters, end)
            let mark = prefix ?? suffix
            let currency = mark.flatMap { Currency.code($0.code) }
            guard let (value, hasDecimals) = number(characters[start..<end], currency: currency ?? defaultCurrency) else { continue }
            // A grouped number without decimals ("50.000") is money in a currency without minor digits.
            let grouped = characters[start..<end].contains { isSeparator($0) }
            guard hasDecimals || mark != nil || (grouped && (currency ?? defaultCurrency)?.minorDigits == 0) else { continue }
            var lower = prefix.map { start - $0.length } ?? start
            var upper = suffix.map { end + $0.length } ?? end
            var negative = false
            // Signs: "-5.00", "-$5.00", "$-5.00", "5.00-", "(5.00)".
            if lower > 0, characters[lower - 1] == ascii("-") { negative = true; lower -= 1 }
            else if prefix != nil, characters[start - 1] == ascii("-") { negative = true }
            else if upper < characters.count, characters[upper] == ascii("-") { negative = true; upper += 1 }
            else if lower > 0, upper < characters.count, characters[lower - 1] == ascii("("),
                    characters[upper] == ascii(")") { negative = true; lower -= 1; upper += 1 }
            found.append(ParsedAmount(value: negative ? -value : value, currency: currency,
                                      currencyConfidence: mark.map { Currency.symbolConfidence($0.printed) } ?? 0,
                                      range: lower..<upper))
        }
        return found
    }

    /// The value of a run of digits and separators, and whether it has a decimal part; `nil`
    /// when its grouping is inconsistent (e.g. `1,23,4`).
    func number(_ run: ArraySlice<UInt16>, currency: Currency?) -> (Decimal, Bool)? {
        let separators = run.indices.filter { !isDigit(run[$0]) }
        let minorDigits = currency?.minorDigits ?? 2
        var integerDigits: [UInt16] = []
        var fractionDigits: [UInt16] = []
        if let last = separators.last {
            let kinds = Set(separators.map { run[$0] })
            let after = run.endIndex - last - 1
            let decimalAtLast: Bool
            if kinds.count > 1 {
                decimalAtLast = true
            } else if separators.count > 1 {
                decimalAtLast = false
            } else if after == 3 {
                decimalAtLast = !(run[last] == ascii(",") || run[last] == ascii("'") || minorDigits == 0)
            } else {
                decimalAtLast = run[last] != ascii("'")
            }
            let groupSeparators = decimalAtLast ? Array(separators.dropLast()) : separators
            // Thousands groups hold three digits; the first group one to three.
            if !groupSeparators.isEmpty {
                var previous = run.startIndex - 1
                for (order, position) in (groupSeparators + [decimalAtLast ? last : run.endIndex]).enumerated() {
                    let length = position - previous - 1
                    guard order == 0 ? (1...3).contains(length) : length == 3 else { return nil }
                    previous = position
                }
            }
            if Set(groupSeparators.map { run[$0] }).count > 1 { return nil }
            if decimalAtLast {
                integerDigits = run[run.startIndex..<last].filter(isDigit)
                fractionDigits = Array(run[(last + 1)...])
            } else {
                integerDigits = run.filter(isDigit)
            }
        } else {
            integerDigits = Array(run)
        }
        guard !integerDigits.isEmpty, integerDigits.count <= 12 else { return nil }
        var text = String(decoding: integerDigits, as: UTF16.self)
        if !fractionDigits.isEmpty { text += "." + String(decoding: fractionDigits, as: UTF16.self) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return (value, !fractionDigits.isEmpty)
    }

    private func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
    private func isSeparator(_ c: UInt16) -> Bool { c == ascii(".") || c == ascii(",") || c == ascii("'") }
    private func isWordCharacter(_ c: UInt16) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == ascii("#")
    }

    /// Whether the `x` at `index` is a multiplication sign (`2x3.50`, ` x3.50`).
    private func isTimesSign(_ characters: [UInt16], at index: Int) -> Bool {
        guard characters[index] == ascii("x") || characters[index] == ascii("X") else { return false }
        return index == 0 || characters[index - 1] == ascii(" ") || isDigit(characters[index - 1])
    }

    /// Whether the letters right before `start` are a currency mark (`EUR12`, `R$12`).
    private func isCurrencyLetter(_ characters: [UInt16], before start: Int) -> Bool {
        currencyBefore(characters, start) != nil
    }

    /// A currency mark printed right before `start` (spaces allowed): its code, the mark as
    /// printed, and how many UTF-16 units it spans with the spaces.
    private func currencyBefore(_ characters: [UInt16], _ start: Int) -> (code: String, printed: String, length: Int)? {
        var end = start
        if end > 0, characters[end - 1] == ascii("-") { end -= 1 }
        var spaces = 0
        while end - spaces > 0, characters[end - spaces - 1] == ascii(" "), spaces < 2 { spaces += 1 }
        let head = String(decoding: characters[..<(end - spaces)], as: UTF16.self)
        for (symbol, code) in Currency.symbols where head.hasSuffix(symbol) {
            let length = symbol.utf16.count
            let startOfMark = end - spaces - length
            // A letter symbol ("zł", "đ") or a code must not be the end of a longer word.
            if symbol.first!.isLetter, startOfMark > 0, isWordCharacter(characters[startOfMark - 1]) { continue }
            return (code, symbol, start - startOfMark)
        }
        if end - spaces >= 3 {
            let code = String(decoding: characters[(end - spaces - 3)..<(end - spaces)], as: UTF16.self)
            let startOfMark = end - spaces - 3
            if Currency.code(code) != nil, code == code.uppercased(),
               startOfMark == 0 || !isWordCharacter(characters[startOfMark - 1]) {
                return (code, code, start - startOfMark)
            }
        }
        return nil
    }

    /// A currency mark printed right after `end` (spaces allowed).
    private func currencyAfter(_ characters: [UInt16], _ end: Int) -> (code: String, printed: String, length: Int)? {
        var spaces = 0
        while end + spaces < characters.count, characters[end + spaces] == ascii(" "), spaces < 2 { spaces += 1 }
        let tail = String(decoding: characters[(end + spaces)...], as: UTF16.self)
        for (symbol, code) in Currency.symbols where tail.hasPrefix(symbol) {
            let after = end + spaces + symbol.utf16.count
            if symbol.last!.isLetter, after < characters.count, isWordCharacter(characters[after]) { continue }
            return (code, symbol, spaces + symbol.utf16.count)
        }
        if end + spaces + 3 <= characters.count {
            let code = String(decoding: characters[(end + spaces)..<(end + spaces + 3)], as: UTF16.self)
            let after = end + spaces + 3
            if Currency.code(code) != nil, code == code.uppercased(),
               after == characters.count || !isWordCharacter(characters[after]) {
                return (code, code, spaces + 3)
            }
        }
        return nil
    }
}

/// The UTF-16 unit of an ASCII character.
@inline(__always)
private func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
