/// How a receipt was paid.
public struct ReceiptPayment: Sendable, Hashable {
    /// The method, lowercased as Veryfi reports it: `visa`, `mastercard`, `amex`, `discover`,
    /// `debit`, `cash`, …
    public var type: String
    /// The card number's last four digits, when printed.
    public var lastFour: String?
    /// How sure the reading is, 0 to 1.
    public var confidence: Double
    /// Where it was printed.
    public var box: TextBox

    /// Creates a payment.
    public init(type: String, lastFour: String?, confidence: Double, box: TextBox) {
        self.type = type
        self.lastFour = lastFour
        self.confidence = confidence
        self.box = box
    }
}
