import Foundation

/// One purchased item printed on a receipt.
public struct ReceiptLineItem: Sendable, Hashable {
    /// What was bought, as printed.
    public var description: String
    /// How many, when printed (`2 x`, `2 @`, a leading count); `nil` otherwise.
    public var quantity: Decimal?
    /// The price of one, when printed; `nil` otherwise.
    public var unitPrice: Decimal?
    /// The line's amount.
    public var total: Decimal
    /// How sure the reading is, 0 to 1.
    public var confidence: Double
    /// Where the line was printed.
    public var box: TextBox

    /// Creates an item.
    public init(description: String, quantity: Decimal?, unitPrice: Decimal?, total: Decimal, confidence: Double, box: TextBox) {
        self.description = description
        self.quantity = quantity
        self.unitPrice = unitPrice
        self.total = total
        self.confidence = confidence
        self.box = box
    }
}
