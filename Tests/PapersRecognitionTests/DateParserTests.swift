import Testing
@testable import PapersRecognition

struct DateParserTests {
    @Test(arguments: [
        ("03/14/2025", "2025-03-14 00:00:00"),
        ("3/14/25 2:05 PM", "2025-03-14 14:05:00"),
        ("14.03.25", "2025-03-14 00:00:00"),
        ("14.03.2025 14:05:33", "2025-03-14 14:05:33"),
        ("2025-03-14", "2025-03-14 00:00:00"),
        ("2025/03/14 09:30", "2025-03-14 09:30:00"),
        ("Mar 14, 2025 2:05 PM", "2025-03-14 14:05:00"),
        ("March 14 2025", "2025-03-14 00:00:00"),
        ("14-MAR-2025 14:05", "2025-03-14 14:05:00"),
        ("14 Mar 2025", "2025-03-14 00:00:00"),
        ("14MAR25", "2025-03-14 00:00:00"),
        ("Fri, 14 Mar 2025 12:05 am", "2025-03-14 00:05:00"),
        ("DATE: 14/03/2025 TIME: 12:30 p.m.", "2025-03-14 12:30:00"),
        ("14. März 2025", "2025-03-14 00:00:00"),
        ("Ngày 14/03/2025 18:45", "2025-03-14 18:45:00"),
        ("02/29/2024", "2024-02-29 00:00:00"),
    ])
    func readsDates(text: String, expected: String) {
        #expect(DateParser().parse(text)?.veryfiText == expected, "\(text)")
    }

    @Test(arguments: ["02/30/2025", "13/13/2025", "1/2/3", "192.168.1.10", "TEL 555-12-34", "2/29/2025", "99.99.99"])
    func refusesWhatIsNotADate(text: String) {
        #expect(DateParser().firstDate(in: text) == nil, "\(text)")
    }

    @Test func ambiguousDatesFollowThePreference() {
        let us = DateParser(dayFirst: false).parse("03/04/2025")
        let world = DateParser(dayFirst: true).parse("03/04/2025")
        #expect(us?.dateText == "2025-03-04")
        #expect(world?.dateText == "2025-04-03")
        #expect(us?.isAmbiguous == true)
        #expect(DateParser(dayFirst: false).parse("14/03/2025")?.isAmbiguous == false)
    }

    @Test func timesNeedAValidHour() {
        #expect(DateParser().firstTime(in: "13:05 PM") == nil)
        #expect(DateParser().firstTime(in: "25:00") == nil)
        #expect(DateParser().firstTime(in: "12:00 PM")?.hour == 12)
    }
}
