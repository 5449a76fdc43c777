import Foundation

/// The value of a W-2 box: text or a money amount.
public enum W2Value: Sendable, Hashable {
    /// Text (names, addresses, numbers kept as printed such as an SSN or an EIN).
    case text(String)
    /// A money amount in US dollars.
    case amount(Decimal)

    /// The text, `nil` for an amount.
    public var text: String? { if case .text(let value) = self { value } else { nil } }
    /// The amount, `nil` for text.
    public var amount: Decimal? { if case .amount(let value) = self { value } else { nil } }
}
