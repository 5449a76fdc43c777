import Foundation

/// A money amount found in printed text: its value, its currency when one is printed with it, and
/// where it lies in the text.
public struct ParsedAmount: Sendable, Hashable {
    /// The value (negative for a discount or refund printed with a minus or in parentheses).
    public var value: Decimal
    /// The currency printed with the amount (a symbol or an ISO 4217 code), `nil` when none is.
    public var currency: Currency?
    /// How sure the printed mark makes the currency, 0 to 1 (0 without one).
    public var currencyConfidence: Double
    /// Where the amount (with its currency mark and sign) lies in the text it was found in,
    /// as UTF-16 offsets.
    public var range: Range<Int>

    /// Creates a parsed amount.
    public init(value: Decimal, currency: Currency? = nil, currencyConfidence: Double = 0, range: Range<Int>) {
        self.value = value
        self.currency = currency
        self.currencyConfidence = currency == nil ? 0 : currencyConfidence
        self.range = range
    }
}
