/// The dates of an AAMVA document.
///
/// Version 1 writes `CCYYMMDD`; later versions write `MMDDCCYY` in the US and `CCYYMMDD` in
/// Canada. Some issuers use the other order, so when the expected order gives no valid date
/// and the other one does, the other one is taken.
public struct AAMVADates: Sendable, Hashable, Codable {
    /// Date of birth (`DBB`).
    public var birth: CalendarDate?
    /// Date of issue (`DBD`).
    public var issue: CalendarDate?
    /// Date of expiry (`DBA`).
    public var expiry: CalendarDate?
    /// Card revision date: the date of the card design (`DDB`).
    public var revision: CalendarDate?
    /// Hazardous materials endorsement expiry (`DDC`).
    public var hazmatExpiry: CalendarDate?
    /// Last day the holder is under 18 (`DDH`).
    public var under18Until: CalendarDate?
    /// Last day the holder is under 19 (`DDI`).
    public var under19Until: CalendarDate?
    /// Last day the holder is under 21 (`DDJ`).
    public var under21Until: CalendarDate?

    /// Creates dates.
    public init(
        birth: CalendarDate? = nil, issue: CalendarDate? = nil, expiry: CalendarDate? = nil,
        revision: CalendarDate? = nil, hazmatExpiry: CalendarDate? = nil, under18Until: CalendarDate? = nil,
        under19Until: CalendarDate? = nil, under21Until: CalendarDate? = nil
    ) {
        self.birth = birth
        self.issue = issue
        self.expiry = expiry
        self.revision = revision
        self.hazmatExpiry = hazmatExpiry
        self.under18Until = under18Until
        self.under19Until = under19Until
        self.under21Until = under21Until
    }

    /// The order of the eight digits of a date.
    public enum Order: String, Sendable, Hashable, Codable {
        /// `CCYYMMDD` (version 1 and Canada).
        case yearFirst
        /// `MMDDCCYY` (United States from version 2).
        case monthFirst
    }

    /// Reads the date elements of `fields` in the given default order.
    init(_ fields: AAMVAFields, order: Order) {
        let read = { (id: String) in fields.text(id).flatMap { Self.date($0, order: order) } }
        self.init(
            birth: read("DBB"), issue: read("DBD"), expiry: read("DBA"), revision: read("DDB"),
            hazmatExpiry: read("DDC"), under18Until: read("DDH"), under19Until: read("DDI"),
            under21Until: read("DDJ")
        )
    }

    /// Reads a date in `order`, falling back to the other order when only that one is valid.
    ///
    /// Accepts the eight digits alone, followed by junk (`09212009M`), or with `-`/`/`
    /// separators (`2013-06-04`, `06/04/2013`).
    public static func date(_ text: String, order: Order) -> CalendarDate? {
        var digits: [Int] = []
        for character in text.unicodeScalars {
            if let value = Int(exactly: character.value), (0x30...0x39).contains(value) {
                digits.append(value - 0x30)
                if digits.count == 8 { break }
            } else if character == "-" || character == "/" {
                continue
            } else {
                break
            }
        }
        guard digits.count == 8 else { return nil }
        let number = { (range: Range<Int>) in range.reduce(0) { $0 * 10 + digits[$1] } }
        let yearFirst = CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        let monthFirst = CalendarDate(year: number(4..<8), month: number(0..<2), day: number(2..<4))
        switch order {
        case .yearFirst: return yearFirst ?? monthFirst
        case .monthFirst: return monthFirst ?? yearFirst
        }
    }
}
