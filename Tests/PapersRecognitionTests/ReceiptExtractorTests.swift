import Foundation
import Testing
@testable import PapersRecognition

/// A page of text as a recogniser would return it: one line per string, words 12 pixels per
/// character apart, lines 30 pixels apart, every word at `confidence`.
func recognizedPage(_ lines: [String], confidence: Double = 0.9) -> RecognizedText {
    RecognizedText(width: 800, height: 30 * lines.count + 30, lines: lines.enumerated().map { row, text in
        var x = 10
        let words = text.split(separator: " ").map { word -> RecognizedWord in
            defer { x += 12 * (word.count + 1) }
            return RecognizedWord(text: String(word), box: TextBox(x: x, y: 10 + 30 * row, width: 12 * word.count, height: 20),
                                  confidence: confidence)
        }
        return RecognizedLine(words: words)
    })
}

struct ReceiptExtractorTests {
    static let diner = [
        "BLUE DOOR DINER",
        "123 MAIN ST",
        "SPRINGFIELD, IL 62704",
        "Tel: (217) 555-0134",
        "03/14/2025 2:05 PM",
        "2 x COFFEE LATTE 7.00",
        "BAGEL 2.50",
        "CLUB SANDWICH 2 @ 8.25 16.50",
        "SUBTOTAL 26.00",
        "TAX 2.15",
        "TIP 4.00",
        "TOTAL $32.15",
        "VISA ************4821",
        "THANK YOU",
    ]

    @Test func readsEveryFieldOfAnAmericanReceipt() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage(Self.diner))
        #expect(receipt.vendorName?.value == "BLUE DOOR DINER")
        #expect(receipt.vendorAddress?.value == "123 MAIN ST\nSPRINGFIELD, IL 62704")
        #expect(receipt.vendorPhone?.value == "(217) 555-0134")
        #expect(receipt.date?.value.veryfiText == "2025-03-14 14:05:00")
        #expect(receipt.currency?.value.code == "USD")
        #expect(receipt.subtotal?.value == 26)
        #expect(receipt.tax?.value == 2.15)
        #expect(receipt.tip?.value == 4)
        #expect(receipt.total?.value == 32.15)
        #expect(receipt.consistency == ReceiptConsistency(totalsAgree: true, lineItemsAgree: true))
        #expect(receipt.lineItems.map(\.description) == ["COFFEE LATTE", "BAGEL", "CLUB SANDWICH"])
        #expect(receipt.lineItems.map(\.quantity) == [2, nil, 2])
        #expect(receipt.lineItems.map(\.unitPrice) == [3.5, nil, 8.25])
        #expect(receipt.payment?.type == "visa")
        #expect(receipt.payment?.lastFour == "4821")
        #expect(receipt.category?.value == "Meals & Entertainment")
        // Every field carries its box: the total's is on the TOTAL line.
        #expect(receipt.total?.box?.y == 10 + 30 * 11)
        #expect((receipt.total?.confidence ?? 0) > 0.9)
    }

    @Test func readsAGermanReceipt() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage([
            "BÄCKEREI SCHMIDT", "Hauptstr. 12", "10115 Berlin", "14.03.25 14:05",
            "Brötchen 2 x 0,45 0,90", "Kaffee 2,80", "SUMME EUR 3,70", "MwSt 7% 0,24", "BAR 5,00", "RÜCKGELD 1,30",
        ]))
        #expect(receipt.currency?.value.code == "EUR")
        #expect(receipt.total?.value == 3.7)
        #expect(receipt.tax?.value == 0.24)
        #expect(receipt.date?.value.veryfiText == "2025-03-14 14:05:00")
        #expect(receipt.vendorAddress?.value == "Hauptstr. 12\n10115 Berlin")
        #expect(receipt.payment?.type == "cash")
    }

    @Test func readsAVietnameseReceiptWithoutMinorUnits() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage([
            "PHO HA NOI", "14/03/2025 18:45", "Pho bo 65.000đ", "Tra da 10.000đ", "TONG CONG 75.000đ",
        ]))
        #expect(receipt.currency?.value.code == "VND")
        #expect(receipt.total?.value == 75000)
        #expect(receipt.lineItems.map(\.total) == [65000, 10000])
        #expect(receipt.consistency.lineItemsAgree == true)
    }

    @Test func theConsistentTotalWins() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage([
            "SHOP", "SUBTOTAL 10.00", "TAX 0.80", "TOTAL 10.80", "CASH 20.00", "CHANGE 9.20", "TOTAL SAVINGS 1.00",
        ]))
        #expect(receipt.total?.value == 10.8)
        #expect(receipt.consistency.totalsAgree == true)
    }

    @Test func inconsistentAmountsAreReported() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage(["SHOP", "PEN 1.00", "INK 2.00", "SUBTOTAL 4.00", "TAX 0.50", "TOTAL 5.00"]))
        #expect(receipt.consistency.totalsAgree == false)
        #expect(receipt.consistency.lineItemsAgree == false)
    }

    @Test func whatIsNotPrintedIsNil() {
        let receipt = ReceiptExtractor().extract(from: recognizedPage(["SOMEWHERE", "WIDGET 3.00", "TOTAL 3.00"]))
        #expect(receipt.date == nil)
        #expect(receipt.tax == nil)
        #expect(receipt.tip == nil)
        #expect(receipt.currency == nil)
        #expect(receipt.payment == nil)
        #expect(receipt.vendorPhone == nil)
        let nothing = ReceiptExtractor().extract(from: recognizedPage(["Lorem ipsum dolor", "sit amet"]))
        #expect(!nothing.hasContent)
    }

    @Test func theJSONUsesVeryfisKeys() throws {
        let receipt = ReceiptExtractor().extract(from: recognizedPage(Self.diner))
        let data = try JSONEncoder().encode(receipt)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["vendor"] as? [String: Any])?["name"] as? String == "BLUE DOOR DINER")
        #expect(object["date"] as? String == "2025-03-14 14:05:00")
        #expect(object["currency_code"] as? String == "USD")
        #expect((object["total"] as? NSNumber)?.doubleValue == 32.15)
        #expect((object["line_items"] as? [Any])?.count == 3)
        #expect((object["payment"] as? [String: Any])?["card_number"] as? String == "4821")
        #expect(object["field_confidence"] is [String: Any])
        let empty = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Receipt())) as? [String: Any]
        #expect(empty?["total"] is NSNull)
    }

    @Test(arguments: [
        (["COFFEE", "LATTE"], "Meals & Entertainment"),
        (["UNLEADED", "GALLONS", "PUMP"], "Fuel & Auto"),
        (["MILK", "BREAD", "EGGS"], "Groceries"),
    ])
    func categoriesComeFromRules(words: [String], category: String) {
        #expect(ReceiptCategorizer().categorize(words)?.category == category)
    }

    @Test func noKeywordNoCategory() {
        #expect(ReceiptCategorizer().categorize(["WIDGET", "GADGET"]) == nil)
    }

    @Test func consistencyToleratesHalfACent() {
        #expect(ReceiptConsistency.check(subtotal: 10, tax: 0.825, tip: nil, total: 10.83, lineItems: []).totalsAgree == true)
        #expect(ReceiptConsistency.check(subtotal: 10, tax: 0.8, tip: 1, total: 11.81, lineItems: []).totalsAgree == false)
        #expect(ReceiptConsistency.check(subtotal: nil, tax: nil, tip: nil, total: 3, lineItems: [1, 2]).lineItemsAgree == true)
    }
}
