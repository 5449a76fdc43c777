/// The holder's weight: in pounds (`DAW`), kilograms (`DAX`, or `DAW` with `KG`), or as a
/// range code (`DCE`, 0–9).
public struct AAMVAWeight: Sendable, Hashable, Codable {
    /// Weight in pounds.
    public var pounds: Int?
    /// Weight in kilograms.
    public var kilograms: Int?
    /// The AAMVA weight range code, `0`–`9` (see ``poundsRange``).
    public var range: Int?

    /// Creates a weight.
    public init(pounds: Int? = nil, kilograms: Int? = nil, range: Int? = nil) {
        self.pounds = pounds
        self.kilograms = kilograms
        self.range = range
    }

    /// The pounds covered by each range code, from the AAMVA standard.
    public static let rangesInPounds: [ClosedRange<Int>] = [
        0...70, 71...100, 101...130, 131...160, 161...190, 191...220, 221...250, 251...280, 281...320, 321...999,
    ]

    /// The pounds covered by ``range``.
    public var poundsRange: ClosedRange<Int>? {
        range.flatMap { (0..<Self.rangesInPounds.count).contains($0) ? Self.rangesInPounds[$0] : nil }
    }

    /// Reads `DAW`, `DAX` and `DCE`; `nil` when none holds a number.
    init?(_ fields: AAMVAFields) {
        self.init()
        if let text = fields.text("DAW"), let number = AAMVAHeight.leadingNumber(text), number > 0 {
            if text.uppercased().contains("KG") { kilograms = number } else { pounds = number }
        }
        if kilograms == nil, let text = fields.text("DAX"), let number = AAMVAHeight.leadingNumber(text), number > 0 {
            kilograms = number
        }
        if let text = fields.text("DCE"), text.count == 1, let code = Int(text), (0...9).contains(code) {
            range = code
        }
        if pounds == nil, kilograms == nil, range == nil { return nil }
    }
}
