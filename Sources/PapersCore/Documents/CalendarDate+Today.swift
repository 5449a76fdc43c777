import Foundation

extension CalendarDate {
    /// Today's date in UTC.
    public static func today(now: Date = Date()) -> CalendarDate {
        let days = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        return CalendarDate(daysSinceEpoch: days)
    }

    /// The date `days` days after 1970-01-01 (proleptic Gregorian calendar).
    public init(daysSinceEpoch days: Int) {
        // Civil-from-days, after Howard Hinnant's public-domain date algorithms.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.year = year
        self.month = month
        self.day = day
    }
}
