/// Reads the six-digit `YYMMDD` dates of an MRZ and chooses their century.
public enum MRZDates {
    /// How far past today an expiry date may lie before it is read as last century.
    public static let expiryWindowYears = 50

    /// The two-digit year, month and day, or `nil` when the field is not six digits.
    static func components(_ bytes: ArraySlice<UInt8>) -> (yy: Int, month: Int, day: Int)? {
        guard bytes.count == 6, bytes.allSatisfy(MRZText.isDigit) else { return nil }
        let d = bytes.map { Int($0 - UInt8(ascii: "0")) }
        return (d[0] * 10 + d[1], d[2] * 10 + d[3], d[4] * 10 + d[5])
    }

    /// A birth date: the latest century that does not put it after `today`.
    public static func birthDate(yy: Int, month: Int, day: Int, today: CalendarDate) -> CalendarDate? {
        if let recent = CalendarDate(year: 2000 + yy, month: month, day: day), recent <= today { return recent }
        var year = 1900 + yy
        while year > today.year { year -= 100 }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// An expiry date: this century unless that lies more than ``expiryWindowYears`` ahead.
    public static func expiryDate(yy: Int, month: Int, day: Int, today: CalendarDate) -> CalendarDate? {
        let year = 2000 + yy <= today.year + expiryWindowYears ? 2000 + yy : 1900 + yy
        return CalendarDate(year: year, month: month, day: day)
    }

    static func birthDate(_ bytes: ArraySlice<UInt8>, today: CalendarDate) -> CalendarDate? {
        components(bytes).flatMap { birthDate(yy: $0.yy, month: $0.month, day: $0.day, today: today) }
    }

    static func expiryDate(_ bytes: ArraySlice<UInt8>, today: CalendarDate) -> CalendarDate? {
        components(bytes).flatMap { expiryDate(yy: $0.yy, month: $0.month, day: $0.day, today: today) }
    }

    /// The `YYMMDD` form of a date.
    static func encode(_ date: CalendarDate) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return two(date.year % 100) + two(date.month) + two(date.day)
    }
}
