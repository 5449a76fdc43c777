import Foundation

/// Whether a receipt's amounts add up.
public struct ReceiptConsistency: Sendable, Hashable {
    /// Whether subtotal + tax + tip equals the total (a missing tax or tip counts as zero);
    /// `nil` when the total or the subtotal was not read.
    public var totalsAgree: Bool?
    /// Whether the line items' totals add up to the subtotal (to the total less tax and tip when
    /// there is no subtotal); `nil` without line items or without those amounts.
    public var lineItemsAgree: Bool?

    /// Creates a result.
    public init(totalsAgree: Bool?, lineItemsAgree: Bool?) {
        self.totalsAgree = totalsAgree
        self.lineItemsAgree = lineItemsAgree
    }

    /// The largest difference accepted as rounding: half a cent (half a unit in a currency without
    /// minor digits).
    public static func tolerance(minorDigits: Int) -> Decimal {
        minorDigits == 0 ? 0.5 : 0.005
    }

    /// Checks the amounts.
    public static func check(subtotal: Decimal?, tax: Decimal?, tip: Decimal?, total: Decimal?,
                             lineItems: [Decimal], minorDigits: Int = 2) -> ReceiptConsistency {
        let tolerance = tolerance(minorDigits: minorDigits)
        func agree(_ a: Decimal, _ b: Decimal) -> Bool { abs(a - b) <= tolerance }
        var totals: Bool?
        if let subtotal, let total { totals = agree(subtotal + (tax ?? 0) + (tip ?? 0), total) }
        var items: Bool?
        if !lineItems.isEmpty {
            let sum = lineItems.reduce(0, +)
            if let subtotal { items = agree(sum, subtotal) }
            else if let total { items = agree(sum + (tax ?? 0) + (tip ?? 0), total) }
        }
        return ReceiptConsistency(totalsAgree: totals, lineItemsAgree: items)
    }
}
