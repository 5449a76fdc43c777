/// Reads dates and times as receipts print them.
///
/// Dates: `2025-03-14`, `2025/03/14`, `03/14/2025`, `3/14/25`, `14.03.25`, `14.03.2025`,
/// `14-03-2025`, `Mar 14, 2025`, `March 14 2025`, `14 Mar 2025`, `14-MAR-2025`, `14MAR25`,
/// `Fri, 14 Mar 2025`. Times: `14:05`, `14:05:33`, `2:05 PM`, `2:05pm`, `02:05 p.m.`.
/// Day and month in slashed or dashed numeric dates follow ``dayFirst`` unless one of them is
/// above 12; dotted dates are always day first (the German, Russian and Scandinavian form).
public struct DateParser: Sendable {
    /// Whether an ambiguous numeric date (`03/04/2025`) is day first (most of the world) or month
    /// first (the United States). Default `false`: month first.
    public var dayFirst: Bool
    /// The years accepted; others are not dates (a receipt number, a phone number). Default 1990…2099.
    public var years: ClosedRange<Int>

    /// Creates a parser.
    public init(dayFirst: Bool = false, years: ClosedRange<Int> = 1990...2099) {
        self.dayFirst = dayFirst
        self.years = years
    }

    /// Month names and abbreviations (English, with the French, German and Spanish ones that
    /// differ), lowercased, to the month number.
    static let monthNames: [String: Int] = {
        var names: [String: Int] = [:]
        let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                       "october", "november", "december"]
        for (index, name) in english.enumerated() {
            names[name] = index + 1
            names[String(name.prefix(3))] = index + 1
        }
        names["sept"] = 9
        for (name, month) in [("janv", 1), ("févr", 2), ("fevr", 2), ("mars", 3), ("avr", 4), ("mai", 5), ("juin", 6),
                              ("juil", 7), ("août", 8), ("aout", 8), ("déc", 12), ("okt", 10), ("dez", 12),
                              ("mär", 3), ("märz", 3), ("ene", 1), ("abr", 4), ("ago", 8), ("dic", 12)] {
            names[name] = month
        }
        return names
    }()

    /// The first date in `text`, with the time printed on the same text when there is one.
    public func parse(_ text: String) -> ParsedDateTime? {
        guard var date = firstDate(in: text) else { return nil }
        if let time = firstTime(in: text) {
            date.hour = time.hour
            date.minute = time.minute
            date.second = time.second
        }
        return date
    }

    /// The first time of day in `text` (`14:05`, `2:05 PM`), as hour, minute and second.
    public func firstTime(in text: String) -> (hour: Int, minute: Int, second: Int)? {
        let tokens = Self.tokens(text)
        for (index, token) in tokens.enumerated() where token.kind == .number {
            // h:mm or h:mm:ss
            guard index + 2 < tokens.count, tokens[index + 1].text == ":", tokens[index + 2].kind == .number,
                  tokens[index + 2].text.count == 2, token.text.count <= 2 else { continue }
            // A time is not glued to a date's separators (e.g. the "25" of 14.03.25:).
            if index > 0, [".", "/", "-"].contains(tokens[index - 1].text), tokens[index - 1].adjacent { continue }
            var hour = Int(token.text)!, minute = Int(tokens[index + 2].text)!, second = 0
            var next = index + 3
            if next + 1 < tokens.count, tokens[next].text == ":", tokens[next + 1].kind == .number, tokens[next + 1].text.count == 2 {
                second = Int(tokens[next + 1].text)!
                next += 2
            }
            guard minute < 60, second < 60 else { continue }
            if next < tokens.count, tokens[next].kind == .word {
                let marker = tokens[next].text.lowercased().filter { $0 != "." }
                if marker == "pm" || marker == "p" {
                    guard (1...12).contains(hour) else { continue }
                    if hour != 12 { hour += 12 }
                } else if marker == "am" || marker == "a" {
                    guard (1...12).contains(hour) else { continue }
                    if hour == 12 { hour = 0 }
                }
            }
            guard hour < 24 else { continue }
            return (hour, minute, second)
        }
        return nil
    }

    /// The first calendar date in `text`.
    public func firstDate(in text: String) -> ParsedDateTime? {
        let tokens = Self.tokens(text)
        for index in tokens.indices {
            if let date = numericDate(tokens, at: index) ?? namedMonthDate(tokens, at: index) { return date }
        }
        return nil
    }

    private func numericDate(_ tokens: [Token], at index: Int) -> ParsedDateTime? {
        guard index + 4 < tokens.count, tokens[index].kind == .number, tokens[index + 2].kind == .number,
              tokens[index + 4].kind == .number else { return nil }
        let separator = tokens[index + 1].text
        guard ["/", "-", "."].contains(separator), tokens[index + 3].text == separator,
              tokens[index + 1].adjacent, tokens[index + 2].adjacent, tokens[index + 3].adjacent, tokens[index + 4].adjacent
        else { return nil }
        // Not part of a longer run of numbers (an IP address, a reference such as 1.2.3.4).
        if index > 0, tokens[index].adjacent, ["/", "-", "."].contains(tokens[index - 1].text) { return nil }
        if index + 5 < tokens.count, tokens[index + 5].adjacent, tokens[index + 5].text == separator,
           index + 6 < tokens.count, tokens[index + 6].kind == .number { return nil }
        let a = tokens[index].text, b = tokens[index + 2].text, c = tokens[index + 4].text
        guard let x = Int(a), let y = Int(b), let z = Int(c) else { return nil }
        if a.count == 4 {
            // Year first: 2025-03-14, 2025/03/14, 2025.03.14.
            return make(year: x, month: y, day: z, ambiguous: false)
        }
        guard a.count <= 2, b.count <= 2, c.count == 2 || c.count == 4 else { return nil }
        let year = c.count == 2 ? 2000 + z : z
        if separator == "." { return make(year: year, month: y, day: x, ambiguous: false) }
        if x > 12 { return make(year: year, month: y, day: x, ambiguous: false) }
        if y > 12 { return make(year: year, month: x, day: y, ambiguous: false) }
        let ambiguous = x != y
        return dayFirst ? make(year: year, month: y, day: x, ambiguous: ambiguous)
                        : make(year: year, month: x, day: y, ambiguous: ambiguous)
    }

    private func namedMonthDate(_ tokens: [Token], at index: Int) -> ParsedDateTime? {
        guard tokens[index].kind == .word, let month = Self.month(tokens[index].text) else { return nil }
        // "Mar 14, 2025" / "March 14 2025" / "MAR-14-2025"
        var next = index + 1
        func skip(_ allowed: Set<String>) { while next < tokens.count, allowed.contains(tokens[next].text) { next += 1 } }
        skip(["-", ".", "/"])
        if next < tokens.count, tokens[next].kind == .number, tokens[next].text.count <= 2, let day = Int(tokens[next].text) {
            next += 1
            skip([",", "-", ".", "/"])
            if next < tokens.count, tokens[next].kind == .number, let year = Self.year(tokens[next].text),
               let date = make(year: year, month: month, day: day, ambiguous: false) {
                return date
            }
        }
        // "14 Mar 2025" / "14-MAR-2025" / "14MAR25" / "14. März 2025"
        var previous = index - 1
        while previous >= 0, ["-", ".", "/"].contains(tokens[previous].text) { previous -= 1 }
        guard previous >= 0, tokens[previous].kind == .number, tokens[previous].text.count <= 2,
              let day = Int(tokens[previous].text) else { return nil }
        next = index + 1
        skip(["-", ".", "/", ","])
        guard next < tokens.count, tokens[next].kind == .number, let year = Self.year(tokens[next].text) else { return nil }
        return make(year: year, month: month, day: day, ambiguous: false)
    }

    private func make(year: Int, month: Int, day: Int, ambiguous: Bool) -> ParsedDateTime? {
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else {
            return nil
        }
        return ParsedDateTime(year: year, month: month, day: day, isAmbiguous: ambiguous)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func month(_ word: String) -> Int? {
        let lower = word.lowercased().trimmingCharacters(in: ".")
        return monthNames[lower]
    }

    static func year(_ digits: String) -> Int? {
        guard let value = Int(digits) else { return nil }
        switch digits.count {
        case 2: return 2000 + value
        case 4: return value
        default: return nil
        }
    }

    /// A piece of text: a run of digits, a run of letters, or one other character. `adjacent`
    /// says whether it touches the previous token (no space between).
    struct Token {
        enum Kind { case number, word, mark }
        let text: String
        let kind: Kind
        let adjacent: Bool
    }

    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var kind: Token.Kind = .mark
        var adjacent = false
        var spaced = true
        func flush() {
            if !current.isEmpty { tokens.append(Token(text: current, kind: kind, adjacent: adjacent)) }
            current = ""
        }
        for character in text {
            let next: Token.Kind? = character.isNumber && character.isASCII ? .number
                : character.isLetter ? .word : character.isWhitespace ? nil : .mark
            guard let next else {
                flush()
                spaced = true
                continue
            }
            if current.isEmpty || next != kind || next == .mark {
                flush()
                adjacent = !spaced
                kind = next
            }
            current.append(character)
            spaced = false
        }
        flush()
        return tokens
    }
}

extension String {
    /// The string without leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
