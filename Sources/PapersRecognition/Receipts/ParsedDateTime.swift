/// A calendar date, with a time of day when one was printed, found in receipt text.
public struct ParsedDateTime: Sendable, Hashable, Comparable {
    /// Four-digit year.
    public var year: Int
    /// Month, 1 to 12.
    public var month: Int
    /// Day of the month, 1 to 31.
    public var day: Int
    /// Hour, 0 to 23, when a time was printed.
    public var hour: Int?
    /// Minute, 0 to 59, when a time was printed.
    public var minute: Int?
    /// Second, 0 to 59, when printed (0 when the time has none).
    public var second: Int?
    /// Whether the day and month could have been read the other way round (`03/04/2025`) and the
    /// parser chose by its ``DateParser/dayFirst`` preference.
    public var isAmbiguous: Bool

    /// Creates a date and time.
    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, second: Int? = nil,
                isAmbiguous: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.isAmbiguous = isAmbiguous
    }

    /// `YYYY-MM-DD`.
    public var dateText: String { pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }

    /// `YYYY-MM-DD HH:MM:SS`, as Veryfi's receipt `date` (midnight when no time was printed).
    public var veryfiText: String {
        dateText + " " + pad(hour ?? 0, 2) + ":" + pad(minute ?? 0, 2) + ":" + pad(second ?? 0, 2)
    }

    public static func < (lhs: ParsedDateTime, rhs: ParsedDateTime) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour ?? 0, lhs.minute ?? 0, lhs.second ?? 0)
            < (rhs.year, rhs.month, rhs.day, rhs.hour ?? 0, rhs.minute ?? 0, rhs.second ?? 0)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
