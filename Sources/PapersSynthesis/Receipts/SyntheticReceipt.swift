import Foundation

/// The ground truth of a synthetic receipt, in the keys of Papers' receipt JSON (Veryfi's).
public struct SyntheticReceipt: Sendable, Hashable, Codable {
    /// One purchased item.
    public struct Item: Sendable, Hashable, Codable {
        /// What was bought, as printed.
        public var description: String
        /// How many.
        public var quantity: Int
        /// The price of one.
        public var price: Decimal
        /// The line's amount.
        public var total: Decimal
    }

    /// The merchant's name as printed.
    public var vendorName: String
    /// The merchant's address lines, joined by newlines.
    public var vendorAddress: String
    /// The phone number as printed.
    public var vendorPhone: String?
    /// `YYYY-MM-DD HH:MM:SS`.
    public var date: String
    /// ISO 4217.
    public var currencyCode: String
    /// The items.
    public var lineItems: [Item]
    /// Sum of the items.
    public var subtotal: Decimal
    /// Tax, when charged.
    public var tax: Decimal?
    /// Tip, when given.
    public var tip: Decimal?
    /// Subtotal + tax + tip.
    public var total: Decimal
    /// `visa`, `mastercard`, `amex`, `discover` or `cash`.
    public var paymentType: String
    /// The card's last four digits.
    public var cardNumber: String?
    /// The expense category of the merchant.
    public var category: String
    /// The locale the receipt is printed in (`US`, `UK`, `DE`, `FR`, `VN`).
    public var locale: String
    /// The font file it is printed in.
    public var font: String

    enum CodingKeys: String, CodingKey {
        case vendorName = "vendor_name", vendorAddress = "vendor_address", vendorPhone = "vendor_phone", date
        case currencyCode = "currency_code", lineItems = "line_items", subtotal, tax, tip, total
        case paymentType = "payment_type", cardNumber = "card_number", category, locale, font
    }
}
