import Foundation
import Testing
@testable import PapersRecognition

struct W2ExtractorTests {
    /// Words placed as on the form: (text, x, y) in pixels, labels 20 pixels high.
    static func page(_ words: [(String, Int, Int)]) -> RecognizedText {
        let rows = Dictionary(grouping: words, by: { $0.2 }).sorted { $0.key < $1.key }
        return RecognizedText(width: 2000, height: 1400, lines: rows.map { _, words in
            RecognizedLine(words: words.sorted { $0.1 < $1.1 }.map {
                RecognizedWord(text: $0.0, box: TextBox(x: $0.1, y: $0.2, width: 14 * $0.0.count, height: 20), confidence: 0.9)
            })
        })
    }

    static let form = page([
        ("a", 10, 10), ("Employee's", 30, 10), ("social", 180, 10), ("security", 270, 10), ("number", 390, 10),
        ("123-45-6789", 40, 50),
        ("b", 10, 110), ("Employer", 30, 110), ("identification", 150, 110), ("number", 370, 110), ("(EIN)", 470, 110),
        ("1", 900, 110), ("Wages,", 920, 110), ("tips,", 1010, 110), ("other", 1090, 110), ("compensation", 1170, 110),
        ("2", 1450, 110), ("Federal", 1470, 110), ("income", 1580, 110), ("tax", 1680, 110), ("withheld", 1730, 110),
        ("46-1234567", 40, 150), ("55000.00", 940, 150), ("4,000.00", 1490, 150),
        ("13", 900, 300), ("X", 930, 340), ("Statutory", 960, 340), ("employee", 1100, 340),
        ("Retirement", 960, 380), ("plan", 1110, 380), ("Third-party", 960, 420), ("sick", 1130, 420), ("pay", 1200, 420),
        ("12a", 1450, 300), ("DD", 1470, 340), ("5000.00", 1560, 340),
        ("14", 900, 480), ("Other", 930, 480), ("NY", 940, 520), ("SDI", 990, 520), ("31.20", 1060, 520),
        ("Wage", 100, 700), ("and", 180, 700), ("Tax", 240, 700), ("Statement", 300, 700),
    ])

    @Test func readsBoxesUnderTheirLabels() {
        let w2 = W2Extractor().extract(from: Self.form)
        #expect(w2.text(.employeeSSN) == "123-45-6789")
        #expect(w2.text(.ein) == "46-1234567")
        #expect(w2.amount(.wagesOtherComps) == 55000)
        #expect(w2.amount(.federalIncomeTax) == 4000)
        #expect(w2.text(.field12aCode) == "DD")
        #expect(w2.amount(.field12aAmount) == 5000)
        #expect(w2.box13?.statutoryEmployee == true)
        #expect(w2.box13?.retirementPlan == false)
        #expect(w2.box13?.thirdPartySickPay == false)
        #expect(w2.other.map(\.description) == ["NY SDI"])
        #expect(w2.other.map(\.amount) == [31.2])
        #expect(w2.amount(.ssWages) == nil)
        #expect(W2Extractor.looksLikeW2(Self.form))
    }

    @Test func theJSONHasVeryfisKeys() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(W2Extractor().extract(from: Self.form))) as? [String: Any])
        for key in ["employee_name", "employee_ssn", "ein", "employer_name", "employer_address", "employee_address",
                    "wages_other_comps", "federal_income_tax", "ss_wages", "ss_tax", "medicare_wages", "medicare_tax",
                    "field_12a_col1", "field_12a_col2", "field_12d_col2", "is_13a", "is_13b", "is_13c", "field_14_other",
                    "states", "state", "locality_name", "control_number", "advance_eic_payment"] {
            #expect(object.keys.contains(key), "\(key)")
        }
        #expect(object["ein"] as? String == "46-1234567")
        #expect(object["is_13a"] as? Bool == true)
        #expect(object["ss_wages"] is NSNull)
    }

    @Test(arguments: [("55000.00", "55000"), ("$55,000.00", "55000"), ("125682 38", "125682.38"), ("13", nil), ("9", nil)])
    func amounts(text: String, expected: String?) {
        #expect(W2Extractor.amount(text) == expected.flatMap { Decimal(string: $0) })
    }

    @Test func labelsTolerateOneWrongLetter() {
        #expect(W2Extractor.matches("compensatlon", "compensation"))
        #expect(!W2Extractor.matches("tips", "tops"))
        #expect(W2Extractor.matches("12c", "12c"))
    }
}
