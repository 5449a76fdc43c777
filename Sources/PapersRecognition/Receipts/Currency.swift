/// An ISO 4217 currency as printed on receipts: its code, its symbols and how many minor digits
/// its amounts carry.
public struct Currency: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ISO 4217 code, e.g. `USD`.
    public let code: String
    /// Digits after the decimal separator in a printed amount (2 for USD, 0 for JPY and VND).
    public let minorDigits: Int

    /// Creates a currency.
    public init(code: String, minorDigits: Int = 2) {
        self.code = code
        self.minorDigits = minorDigits
    }

    public var description: String { code }

    /// The currencies Papers recognises by code, with their minor digits (ISO 4217).
    public static let known: [String: Currency] = {
        let zeroDigit: Set<String> = ["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF", "PYG", "IDR"]
        let codes = ["USD", "EUR", "GBP", "JPY", "VND", "CAD", "AUD", "NZD", "CHF", "INR", "KRW", "CNY", "HKD", "SGD",
                     "MXN", "BRL", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "ZAR", "TRY", "RUB", "THB", "PHP", "IDR",
                     "MYR", "ILS", "AED", "SAR", "CLP", "COP", "ARS", "ISK", "RON", "UAH", "NGN", "KES", "EGP", "TWD"]
        return Dictionary(uniqueKeysWithValues: codes.map { ($0, Currency(code: $0, minorDigits: zeroDigit.contains($0) ? 0 : 2)) })
    }()

    /// Printed symbols and their currency, longest first so that `US$` wins over `$`. A bare `$`
    /// means US dollars: the most common reading, reported with a lower confidence
    /// (``symbolConfidence(_:)``).
    public static let symbols: [(symbol: String, code: String)] = [
        ("US$", "USD"), ("CA$", "CAD"), ("C$", "CAD"), ("AU$", "AUD"), ("A$", "AUD"), ("NZ$", "NZD"),
        ("HK$", "HKD"), ("S$", "SGD"), ("R$", "BRL"), ("MX$", "MXN"),
        ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"), ("₫", "VND"), ("₹", "INR"), ("₩", "KRW"), ("₽", "RUB"),
        ("₺", "TRY"), ("₱", "PHP"), ("₪", "ILS"), ("฿", "THB"), ("zł", "PLN"), ("Kč", "CZK"), ("đ", "VND"),
        ("$", "USD"),
    ]

    /// How sure a symbol makes the currency: 1 for a code or an unambiguous symbol, less for `$`
    /// (used by a dozen currencies) and `¥` (yen or yuan).
    public static func symbolConfidence(_ symbol: String) -> Double {
        switch symbol {
        case "$": 0.7
        case "¥": 0.8
        default: 1
        }
    }

    /// The currency of an ISO 4217 code, upper or lower case; `nil` for a code Papers does not know.
    public static func code(_ code: some StringProtocol) -> Currency? {
        known[code.uppercased()]
    }

    /// US dollars.
    public static let usd = known["USD"]!
    /// Euros.
    public static let eur = known["EUR"]!
    /// Pounds sterling.
    public static let gbp = known["GBP"]!
    /// Vietnamese dong (no minor unit in use).
    public static let vnd = known["VND"]!
}
