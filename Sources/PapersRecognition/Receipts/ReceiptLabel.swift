/// What a receipt line says it is, from its words: the labels of the amounts Papers reads.
enum ReceiptLabel: Sendable, Hashable {
    case subtotal
    case tax
    case tip
    /// A total; `strength` ranks the wordings (a grand total or amount due over a bare total).
    case total(strength: Int)
    /// Cash handed over, change given back, savings, item counts: amounts that are none of the above.
    case other

    /// The label of a line's text, `nil` when it has none of the words.
    static func of(_ text: String) -> ReceiptLabel? {
        let upper = " " + text.uppercased().map { $0.isLetter || $0.isNumber || $0 == "%" ? $0 : " " }.map(String.init).joined() + " "
        func has(_ phrase: String) -> Bool { upper.contains(" " + phrase + " ") }
        func hasPrefix(_ stem: String) -> Bool { upper.contains(" " + stem) }
        if ["CHANGE", "CASH TEND", "TENDERED", "TENDER", "SAVINGS", "YOU SAVED", "DISCOUNT", "ITEMS", "ITEM COUNT",
            "RUECKGELD", "RÜCKGELD", "GEGEBEN", "RENDU", "TIEN THUA", "TIỀN THỪA", "TIỀN KHÁCH ĐƯA", "TAX ID", "VAT NO",
            "VAT REG", "TAXABLE"].contains(where: has) {
            return .other
        }
        if ["SUBTOTAL", "SUB TOTAL", "SUBTOT", "SUB", "NET TOTAL", "ZWISCHENSUMME", "SOUS TOTAL", "TẠM TÍNH", "TAM TINH",
            "NETTO"].contains(where: has) {
            return .subtotal
        }
        if ["TIP", "TIPS", "GRATUITY", "TRINKGELD", "POURBOIRE", "SERVICE CHARGE"].contains(where: has) { return .tip }
        if ["GRAND TOTAL", "AMOUNT DUE", "BALANCE DUE", "TOTAL DUE", "TOTAL TTC", "TO PAY", "TỔNG CỘNG", "TONG CONG",
            "GESAMTBETRAG", "ZU ZAHLEN", "NET A PAYER", "NET À PAYER"].contains(where: has) {
            return .total(strength: 2)
        }
        if ["TAX", "TAXES", "SALES TAX", "VAT", "GST", "HST", "PST", "QST", "MWST", "UST", "TVA", "IVA", "THUẾ", "THUE",
            "VAT%"].contains(where: has) || hasPrefix("TAX ") || hasPrefix("MWST") || hasPrefix("VAT ") {
            return .tax
        }
        if ["TOTAL", "SUMME", "GESAMT", "TOTALE", "BETRAG", "AMOUNT", "TỔNG", "TONG"].contains(where: has) {
            return .total(strength: 1)
        }
        return nil
    }
}
