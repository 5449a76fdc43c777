/// A day on the calendar with no time or time zone, encoded as ISO 8601 `YYYY-MM-DD`.
///
/// Identity documents print days, not instants: a birth date must not move when the
/// server and the phone sit in different time zones, so Papers never stores them as `Date`.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, e.g. `1974`.
    public let year: Int
    /// The month, `1...12`.
    public let month: Int
    /// The day of the month, `1...31` (checked against the month and leap years).
    public let day: Int

    /// Creates a date, or returns `nil` when the day does not exist (e.g. 31 April, 29 Feb 2023).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CalendarDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; returns `nil` for anything else.
    public init?(iso string: String) {
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The number of days in a month of a given year (Gregorian rules).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: return 31
        case 4, 6, 9, 11: return 30
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        default: return 0
        }
    }

    /// The date as `YYYY-MM-DD`.
    public var iso: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { iso }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a YYYY-MM-DD date")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
