import Foundation

/// What was read from a receipt. Every field carries its confidence and box; a field that was
/// not found is `nil`, never a guess.
public struct Receipt: Sendable, Hashable {
    /// The merchant's name.
    public var vendorName: ExtractedField<String>?
    /// The merchant's address, its lines joined by newlines.
    public var vendorAddress: ExtractedField<String>?
    /// The merchant's phone number, as printed.
    public var vendorPhone: ExtractedField<String>?
    /// When the purchase was made.
    public var date: ExtractedField<ParsedDateTime>?
    /// The currency of the amounts.
    public var currency: ExtractedField<Currency>?
    /// The amount before tax and tip.
    public var subtotal: ExtractedField<Decimal>?
    /// Tax.
    public var tax: ExtractedField<Decimal>?
    /// Tip or gratuity.
    public var tip: ExtractedField<Decimal>?
    /// The amount paid.
    public var total: ExtractedField<Decimal>?
    /// The purchased items, top to bottom.
    public var lineItems: [ReceiptLineItem]
    /// How it was paid.
    public var payment: ReceiptPayment?
    /// The expense category from the receipt's words (``ReceiptCategorizer``).
    public var category: ExtractedField<String>?
    /// Whether the amounts add up.
    public var consistency: ReceiptConsistency

    /// Creates a receipt.
    public init(vendorName: ExtractedField<String>? = nil, vendorAddress: ExtractedField<String>? = nil,
                vendorPhone: ExtractedField<String>? = nil, date: ExtractedField<ParsedDateTime>? = nil,
                currency: ExtractedField<Currency>? = nil, subtotal: ExtractedField<Decimal>? = nil,
                tax: ExtractedField<Decimal>? = nil, tip: ExtractedField<Decimal>? = nil,
                total: ExtractedField<Decimal>? = nil, lineItems: [ReceiptLineItem] = [],
                payment: ReceiptPayment? = nil, category: ExtractedField<String>? = nil,
                consistency: ReceiptConsistency = ReceiptConsistency(totalsAgree: nil, lineItemsAgree: nil)) {
        self.vendorName = vendorName
        self.vendorAddress = vendorAddress
        self.vendorPhone = vendorPhone
        self.date = date
        self.currency = currency
        self.subtotal = subtotal
        self.tax = tax
        self.tip = tip
        self.total = total
        self.lineItems = lineItems
        self.payment = payment
        self.category = category
        self.consistency = consistency
    }

    /// Whether anything a receipt is read for (a total, a date or a line item) was found.
    public var hasContent: Bool { total != nil || date != nil || !lineItems.isEmpty || subtotal != nil }

    /// The mean confidence of the fields found (0 when none was).
    public var confidence: Double {
        let values: [Double] = [vendorName?.confidence, vendorAddress?.confidence, vendorPhone?.confidence,
                                date?.confidence, currency?.confidence, subtotal?.confidence, tax?.confidence,
                                tip?.confidence, total?.confidence, payment?.confidence, category?.confidence]
            .compactMap { $0 } + lineItems.map(\.confidence)
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
