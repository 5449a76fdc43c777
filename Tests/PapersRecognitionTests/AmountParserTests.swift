import Foundation
import Testing
@testable import PapersRecognition

struct AmountParserTests {
    @Test(arguments: [
        ("1.234,56", "1234.56", nil),
        ("1,234.56", "1234.56", nil),
        ("$12.00", "12", "USD"),
        ("12,00 €", "12", "EUR"),
        ("€12,50", "12.5", "EUR"),
        ("EUR 12.00", "12", "EUR"),
        ("12.00 EUR", "12", "EUR"),
        ("£3.49", "3.49", "GBP"),
        ("50.000₫", "50000", "VND"),
        ("50.000 VND", "50000", "VND"),
        ("1.250.000 đ", "1250000", "VND"),
        ("125,000 VND", "125000", "VND"),
        ("CHF 1'234.50", "1234.5", "CHF"),
        ("1 234,56", nil, nil),
        ("12,5", "12.5", nil),
        ("-5.00", "-5", nil),
        ("5.00-", "-5", nil),
        ("(5.00)", "-5", nil),
        ("-$5.00", "-5", "USD"),
        ("US$ 7.25", "7.25", "USD"),
        ("$5", "5", "USD"),
        ("3.459", "3.459", nil),
        ("1,234", nil, nil),
        ("$1,234", "1234", "USD"),
        ("42", nil, nil),
        ("1,23,4.00", nil, nil),
    ] as [(String, String?, String?)])
    func parsesOneAmount(text: String, value: String?, currency: String?) {
        let parsed = AmountParser().parse(text)
        #expect(parsed?.value == value.flatMap { Decimal(string: $0) }, "\(text)")
        if value != nil { #expect(parsed?.currency?.code == currency, "\(text)") }
    }

    @Test func findsEveryAmountOfALine() {
        let amounts = AmountParser().amounts(in: "2 @ 3.50 COFFEE 7.00")
        #expect(amounts.map(\.value) == [3.5, 7])
        #expect(amounts[1].range == 16..<20)
    }

    @Test func leavesDatesTimesAndPercentagesAlone() {
        #expect(AmountParser().amounts(in: "03/14/2025 14:05 TAX 8.25% 1.23").map(\.value) == [1.23])
        #expect(AmountParser().amounts(in: "Tel 0171 555 0134").isEmpty)
    }

    @Test func aCurrencyWithoutMinorDigitsGroupsByPoints() {
        #expect(AmountParser(defaultCurrency: .vnd).parse("45.000")?.value == 45000)
        #expect(AmountParser().parse("45.000")?.value == 45)
    }

    @Test func currencySymbolsCarryTheirConfidence() {
        #expect(AmountParser().parse("$1.00")?.currencyConfidence ?? 1 < 1)
        #expect(AmountParser().parse("€1,00")?.currencyConfidence == 1)
    }
}
