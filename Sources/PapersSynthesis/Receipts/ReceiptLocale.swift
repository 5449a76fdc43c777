import Foundation

/// How a receipt of one country prints its amounts, dates, addresses and labels.
struct ReceiptLocale: Sendable {
    let code: String
    let currency: String
    let minorDigits: Int
    let taxRates: [Decimal]
    let taxLabel: String
    let subtotalLabel: String
    let totalLabels: [String]
    let tipLabel: String
    let cities: [(street: String, city: String, phone: String)]

    /// An amount as this locale prints it; `symbol` adds the currency mark.
    func format(_ value: Decimal, symbol: Bool) -> String {
        let negative = value < 0
        let digits = minorDigits
        var rounded = Decimal()
        var source = abs(value)
        NSDecimalRound(&rounded, &source, digits, .plain)
        let scaled = NSDecimalNumber(decimal: rounded * pow(10, digits)).int64Value
        let integer = scaled / Int64(pow(10.0, Double(digits))), fraction = scaled % Int64(pow(10.0, Double(digits)))
        var groups: [String] = []
        var rest = integer
        repeat {
            let part = rest % 1000
            rest /= 1000
            groups.insert(rest > 0 ? String(format: "%03lld", part) : String(part), at: 0)
        } while rest > 0
        let decimal: String, group: String
        switch code {
        case "DE", "FR", "VN": (decimal, group) = (",", code == "VN" ? "." : (code == "FR" ? " " : "."))
        default: (decimal, group) = (".", ",")
        }
        var number = groups.joined(separator: group)
        if digits > 0 { number += decimal + String(format: "%0\(digits)lld", fraction) }
        if negative { number = "-" + number }
        guard symbol else { return number }
        switch code {
        case "US": return "$" + number
        case "UK": return "£" + number
        case "DE": return number + " EUR"
        case "FR": return number + " €"
        default: return number + "đ"
        }
    }

    static let all: [String: ReceiptLocale] = [
        "US": ReceiptLocale(code: "US", currency: "USD", minorDigits: 2, taxRates: [6, 7.25, 8.25, 8.875], taxLabel: "SALES TAX",
                            subtotalLabel: "SUBTOTAL", totalLabels: ["TOTAL", "AMOUNT DUE", "GRAND TOTAL"], tipLabel: "TIP",
                            cities: [("123 MAIN ST", "SPRINGFIELD, IL 62704", "(217) 555-0134"),
                                     ("4800 OAK AVE", "PORTLAND, OR 97205", "(503) 555-0199"),
                                     ("77 BROADWAY", "NEW YORK, NY 10006", "(212) 555-0147"),
                                     ("2150 SUNSET BLVD", "LOS ANGELES, CA 90026", "(323) 555-0172")]),
        "UK": ReceiptLocale(code: "UK", currency: "GBP", minorDigits: 2, taxRates: [20], taxLabel: "VAT",
                            subtotalLabel: "SUBTOTAL", totalLabels: ["TOTAL", "BALANCE DUE"], tipLabel: "GRATUITY",
                            cities: [("12 HIGH STREET", "LONDON SW1A 1AA", "020 7946 0018"),
                                     ("45 CASTLE ROAD", "EDINBURGH EH1 2NG", "0131 496 0321")]),
        "DE": ReceiptLocale(code: "DE", currency: "EUR", minorDigits: 2, taxRates: [7, 19], taxLabel: "MWST",
                            subtotalLabel: "ZWISCHENSUMME", totalLabels: ["SUMME", "GESAMTBETRAG"], tipLabel: "TRINKGELD",
                            cities: [("Hauptstr. 12", "10115 Berlin", "030 1234567"),
                                     ("Marienplatz 8", "80331 München", "089 7654321")]),
        "FR": ReceiptLocale(code: "FR", currency: "EUR", minorDigits: 2, taxRates: [10, 20], taxLabel: "TVA",
                            subtotalLabel: "SOUS-TOTAL", totalLabels: ["TOTAL TTC"], tipLabel: "POURBOIRE",
                            cities: [("12 RUE DE RIVOLI", "75001 PARIS", "01 42 60 30 30"),
                                     ("8 AVENUE JEAN MEDECIN", "06000 NICE", "04 93 87 12 12")]),
        "VN": ReceiptLocale(code: "VN", currency: "VND", minorDigits: 0, taxRates: [8, 10], taxLabel: "VAT",
                            subtotalLabel: "TAM TINH", totalLabels: ["TONG CONG", "TOTAL"], tipLabel: "TIP",
                            cities: [("25 DUONG LE LOI", "QUAN 1, TP HCM", "028 3822 1234")]),
    ]
}
