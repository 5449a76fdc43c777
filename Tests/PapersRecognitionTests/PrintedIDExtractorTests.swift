import PapersCore
import Testing
@testable import PapersRecognition

@Suite("Printed ID fields")
struct PrintedIDExtractorTests {
    static func text(_ lines: [String], confidence: Double = 0.9) -> RecognizedText {
        RecognizedText(width: 1000, height: 630, lines: lines.enumerated().map { row, line in
            RecognizedLine(words: line.split(separator: " ").enumerated().map { column, word in
                RecognizedWord(text: String(word), box: TextBox(x: 20 + 80 * column, y: 20 + 40 * row, width: 70, height: 30), confidence: confidence)
            })
        })
    }

    let extractor = PrintedIDExtractor(currentYear: 2026)

    @Test("an AAMVA-numbered licence front: names, dates, number, sex and address")
    func numbered() throws {
        let fields = extractor.extract(from: Self.text([
            "VIRGINIA", "DRIVER LICENSE",
            "4d DLN T12345678",
            "1 SAMPLE", "2 JANE MARIE",
            "8 123 MAIN ST", "RICHMOND, VA 23219-1234",
            "3 DOB 01/05/1985",
            "4a ISS 03/10/2020 4b EXP 01/05/2028",
            "15 SEX F 16 HGT 5'-05\" 18 EYES BRO",
        ]))
        #expect(fields.lastName?.value == "SAMPLE")
        #expect(fields.firstName?.value == "JANE")
        #expect(fields.middleName?.value == "MARIE")
        #expect(fields.dob?.value == CalendarDate(year: 1985, month: 1, day: 5))
        #expect(fields.issuingDate?.value == CalendarDate(year: 2020, month: 3, day: 10))
        #expect(fields.expiryDate?.value == CalendarDate(year: 2028, month: 1, day: 5))
        #expect(fields.idNumber?.value == "T12345678")
        #expect(fields.gender?.value == .female)
        #expect(fields.addressLine?.value == "123 MAIN ST")
        #expect(fields.city?.value == "RICHMOND" && fields.subdivision?.value == "VA" && fields.postCode?.value == "23219-1234")
        #expect(fields.documentType == .driverLicense)
        let data = fields.documentData
        #expect(data.extractionMethod == .ocr && data.issuingCountry == "USA" && data.documentCode == "DL")
        // The box of a field is the words it came from.
        #expect(fields.idNumber?.box == TextBox(x: 180, y: 100, width: 70, height: 30))
    }

    @Test("labels without numbers, Canadian dates, and dates told apart by their order")
    func labelsAndOrder() {
        let fields = extractor.extract(from: Self.text([
            "ONTARIO DRIVER'S LICENCE", "LN TREMBLAY", "FN LUC", "NO. T1234-56789-01234",
            "1990/11/23", "2019/02/01", "2029/11/23", "SEX: M",
        ]))
        #expect(fields.lastName?.value == "TREMBLAY" && fields.firstName?.value == "LUC" && fields.middleName == nil)
        #expect(fields.idNumber?.value == "T1234-56789-01234")
        #expect(fields.dob?.value == CalendarDate(year: 1990, month: 11, day: 23))
        #expect(fields.issuingDate?.value == CalendarDate(year: 2019, month: 2, day: 1))
        #expect(fields.expiryDate?.value == CalendarDate(year: 2029, month: 11, day: 23))
        #expect((fields.dob?.confidence ?? 1) < 0.9, "a date placed by order is less sure than a labelled one")
        #expect(fields.gender?.value == .male)
    }

    @Test("nothing is guessed: a receipt or a passport's visual zone gives no licence fields")
    func nothing() {
        let receipt = extractor.extract(from: Self.text(["CORNER SHOP", "MILK 2.50", "TOTAL 6.05", "12/03/2025 14:05"]))
        #expect(!receipt.hasContent)
        #expect(receipt.idNumber == nil && receipt.lastName == nil)
        let impossible = extractor.extract(from: Self.text(["DOB 31/31/1985", "EXP 13/45/2030"]))
        #expect(impossible.dob == nil && impossible.expiryDate == nil)
    }

    @Test("a disagreement with the barcode is reported field by field")
    func disagreements() {
        let fields = extractor.extract(from: Self.text(["1 SAMPLE", "2 JANE", "3 DOB 01/05/1985", "4d DLN T12345678"]))
        var barcode = DocumentData(extractionMethod: .barcode)
        barcode.lastName = "SAMPLE"
        barcode.firstName = "JANE"
        barcode.dob = CalendarDate(year: 1985, month: 1, day: 5)
        barcode.idNumber = "T12345678"
        #expect(fields.disagreements(with: barcode).isEmpty)
        barcode.dob = CalendarDate(year: 1986, month: 1, day: 5)
        barcode.idNumber = "T99999999"
        barcode.lastName = "OTHER"
        #expect(Set(fields.disagreements(with: barcode)) == ["dob", "idNumber", "lastName"])
    }
}
