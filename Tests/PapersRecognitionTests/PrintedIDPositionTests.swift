import PapersCore
import Testing
@testable import PapersRecognition

/// Card fronts built word by word with their boxes, as Tesseract returns them: labels above or
/// left of their values, columns joined into one recognised line, rows split over two.
@Suite("Printed ID fields by position")
struct PrintedIDPositionTests {
    /// A word whose box starts at `x`, `y`: labels 14 pixels high, values 24, 13 pixels a letter.
    static func word(_ text: String, _ x: Int, _ y: Int, label: Bool = false) -> RecognizedWord {
        let height = label ? 14 : 24
        return RecognizedWord(text: text, box: TextBox(x: x, y: y, width: text.count * height * 11 / 20, height: height), confidence: 0.9)
    }

    /// Words placed one after another from `x` on the row at `y`, one space apart.
    static func run(_ text: String, _ x: Int, _ y: Int, label: Bool = false) -> [RecognizedWord] {
        var words: [RecognizedWord] = [], pen = x
        for piece in text.split(separator: " ") {
            let word = word(String(piece), pen, y, label: label)
            words.append(word)
            pen = word.box.maxX + (label ? 6 : 9)
        }
        return words
    }

    static func page(_ lines: [[RecognizedWord]]) -> RecognizedText {
        RecognizedText(width: 1000, height: 630, lines: lines.map { RecognizedLine(words: $0) })
    }

    let extractor = PrintedIDExtractor(currentYear: 2026)

    @Test("labels above their values, three columns of labels and of values each read as one line")
    func labelsAbove() {
        let fields = extractor.extract(from: Self.page([
            Self.run("OREGON", 40, 40) + Self.run("DRIVER LICENSE", 600, 40),
            Self.run("DLN", 330, 120, label: true) + Self.run("EXP", 660, 120, label: true),
            Self.run("A1234567", 330, 138) + Self.run("01/05/2028", 660, 138),
            Self.run("SAMPLE", 330, 190),
            Self.run("JANE MARIE", 330, 225),
            Self.run("123 MAIN ST", 330, 260),
            Self.run("PORTLAND, OR 97201", 330, 295),
            Self.run("DOB", 330, 350, label: true) + Self.run("SEX", 550, 350, label: true) + Self.run("HGT", 770, 350, label: true),
            Self.run("01/05/1985", 330, 368) + Self.run("F", 550, 368) + Self.run("5'-05\"", 770, 368),
            Self.run("ISS", 330, 410, label: true) + Self.run("EYES", 550, 410, label: true) + Self.run("CLASS", 770, 410, label: true),
            Self.run("03/10/2014", 330, 428) + Self.run("BRO", 550, 428) + Self.run("C", 770, 428),
        ]))
        #expect(fields.idNumber?.value == "A1234567")
        #expect(fields.expiryDate?.value == CalendarDate(year: 2028, month: 1, day: 5))
        #expect(fields.dob?.value == CalendarDate(year: 1985, month: 1, day: 5))
        // Issued twelve years ago: by their order alone, this date would pass for a birth date.
        #expect(fields.issuingDate?.value == CalendarDate(year: 2014, month: 3, day: 10))
        #expect(fields.gender?.value == .female)
        #expect(fields.lastName?.value == "SAMPLE" && fields.firstName?.value == "JANE" && fields.middleName?.value == "MARIE")
        #expect(fields.addressLine?.value == "123 MAIN ST" && fields.city?.value == "PORTLAND" && fields.postCode?.value == "97201")
        #expect(fields.dob?.box == TextBox(x: 330, y: 368, width: 132, height: 24), "the value's own box")
        #expect(fields.looksLikeIDFront)
        #expect(fields.evidence == [.title, .jurisdiction, .dates, .labels])
    }

    @Test("a value below a label belongs to the label whose column it starts in")
    func columns() {
        // SEX's value is the word under it, not the date under the label to its left; DOB's value
        // does not run on into SEX's column.
        let fields = extractor.extract(from: Self.page([
            Self.run("DOB", 330, 350, label: true) + Self.run("SEX", 480, 350, label: true),
            Self.run("01/05/1985", 330, 368) + Self.run("M", 480, 368),
        ]))
        #expect(fields.dob?.value == CalendarDate(year: 1985, month: 1, day: 5))
        #expect(fields.gender?.value == .male)
        // A value more than a row and a half below its label is another row's.
        let far = extractor.extract(from: Self.page([Self.run("SEX", 330, 300, label: true), Self.run("M", 330, 380)]))
        #expect(far.gender == nil)
    }

    @Test("labels left of their values, two columns joined into one recognised line")
    func labelsLeftJoinedColumns() {
        let fields = extractor.extract(from: Self.page([
            Self.run("IDAHO", 40, 40) + Self.run("ID CARD", 600, 40),
            Self.run("ID NO", 330, 128, label: true) + Self.run("987654321", 385, 120) + Self.run("EXP", 660, 128, label: true) + Self.run("07/19/2031", 700, 120),
            Self.run("SAMPLE, JOHN", 330, 170),
            // The street and the sex in the second column, read as one line.
            Self.run("42 OAK RIDGE RD", 330, 205) + Self.run("SEX", 660, 213, label: true) + Self.run("M", 700, 205),
            Self.run("BOISE, ID 83702", 330, 240),
            Self.run("DOB", 330, 283, label: true) + Self.run("07/19/1990", 370, 275) + Self.run("ISS", 660, 283, label: true) + Self.run("07/19/2023", 700, 275),
        ]))
        #expect(fields.idNumber?.value == "987654321")
        #expect(fields.expiryDate?.value == CalendarDate(year: 2031, month: 7, day: 19))
        #expect(fields.lastName?.value == "SAMPLE" && fields.firstName?.value == "JOHN" && fields.middleName == nil)
        #expect(fields.addressLine?.value == "42 OAK RIDGE RD", "the second column is cut off the street")
        #expect(fields.city?.value == "BOISE" && fields.subdivision?.value == "ID")
        #expect(fields.gender?.value == .male)
        #expect(fields.dob?.value == CalendarDate(year: 1990, month: 7, day: 19))
        #expect(fields.issuingDate?.value == CalendarDate(year: 2023, month: 7, day: 19))
        #expect(fields.documentType == .identityCard && fields.looksLikeIDFront)
    }

    @Test("a row split over two recognised lines: the label in one, its value (in two pieces) in another")
    func splitRow() {
        let fields = extractor.extract(from: Self.page([
            Self.run("DL", 330, 128, label: true) + Self.run("123", 360, 120),
            Self.run("DOB", 600, 128, label: true),
            Self.run("456 789", 412, 120),
            Self.run("11/30/1979", 645, 120),
        ]))
        #expect(fields.idNumber?.value == "123 456 789")
        #expect(fields.dob?.value == CalendarDate(year: 1979, month: 11, day: 30))
    }

    @Test("misread labels still name their fields")
    func misreadLabels() {
        #expect(PrintedIDLabel(word: "D0B") == .birth)
        #expect(PrintedIDLabel(word: "1SS:") == .issue)
        #expect(PrintedIDLabel(word: "LIC#") == .number)
        #expect(PrintedIDLabel(word: "5EX") == .sex)
        #expect(PrintedIDLabel(word: "01/05/1985") == nil && PrintedIDLabel(word: "4d") == nil)
    }

    @Test("one weak sign is not a card front: a taxi receipt with a driver's number")
    func oneSignIsNotAFront() {
        let receipt = extractor.extract(from: Self.page([
            Self.run("CITY CAB CO", 100, 40), Self.run("DRIVER NO 48213", 100, 80), Self.run("12/03/2025 14:05", 100, 120),
            Self.run("FARE 18.40", 100, 160), Self.run("TOTAL 21.00", 100, 200),
        ]))
        #expect(receipt.idNumber?.value == "48213")
        #expect(receipt.evidence == [.title])
        #expect(!receipt.looksLikeIDFront)
    }
}
