import PapersCore
import Testing

/// The readers of individual fields, on synthetic values.
@Suite("AAMVA fields")
struct AAMVAFieldTests {
    @Test("dates: default order, the other order when only it is valid, separators, junk", arguments: [
        ("06062019", AAMVADates.Order.monthFirst, "2019-06-06"),
        ("20190606", .yearFirst, "2019-06-06"),
        ("20221103", .monthFirst, "2022-11-03"),
        ("11032022", .yearFirst, "2022-11-03"),
        ("09212009M", .monthFirst, "2009-09-21"),
        ("2013-06-04", .monthFirst, "2013-06-04"),
        ("11111112", .monthFirst, "1112-11-11"),
        ("11111112", .yearFirst, "1111-11-12"),
    ])
    func dates(_ text: String, _ order: AAMVADates.Order, _ expected: String) {
        #expect(AAMVADates.date(text, order: order)?.iso == expected)
    }

    @Test("invalid dates", arguments: ["00000000", "", "1234567", "ABCDEFGH", "13452019"])
    func invalidDates(_ text: String) {
        #expect(AAMVADates.date(text, order: .monthFirst) == nil)
    }

    @Test("heights", arguments: [
        ("070 in", "70 in"), ("072 IN", "72 in"), (" 65 IN", "65 in"), ("155 CM", "155 cm"), ("183 cm", "183 cm"),
        ("509", "69 in"), ("600", "72 in"), ("052", "52 in"), ("72", "72 in"), ("170", "170 cm"),
    ])
    func heights(_ text: String, _ expected: String) {
        #expect(AAMVAHeight.parse(text)?.description == expected)
    }

    @Test("no height", arguments: ["", "   ", "in", "000"])
    func noHeight(_ text: String) {
        #expect(AAMVAHeight.parse(text) == nil)
    }

    @Test("postal codes", arguments: [
        ("360931234  ", "360931234", "36093-1234"), ("244010000  ", "24401", "24401"),
        ("85641-4321", "856414321", "85641-4321"), ("96826     0", "96826", "96826"),
        ("T4G 7A7", "T4G7A7", "T4G 7A7"), ("n1m 3j6    ", "N1M3J6", "N1M 3J6"), ("19130      ", "19130", "19130"),
        ("0210800000  ", "021080", "021080"),
    ])
    func postalCodes(_ text: String, _ normalized: String, _ display: String) {
        let code = AAMVAPostalCode(text)
        #expect(code?.normalized == normalized)
        #expect(code?.display == display)
    }

    @Test("colours: D-20 codes, variants and long forms")
    func colours() {
        #expect(AAMVAEyeColor(code: "BRO") == .brown)
        #expect(AAMVAEyeColor(code: "brown") == .brown)
        #expect(AAMVAEyeColor(code: "BN ") == .brown)
        #expect(AAMVAEyeColor(code: "HAZ") == .hazel)
        #expect(AAMVAEyeColor(code: "NONE") == nil)
        #expect(AAMVAHairColor(code: "BLN") == .blond)
        #expect(AAMVAHairColor(code: "BR") == .brown)
        #expect(AAMVAHairColor(code: "BLACK") == .black)
        #expect(AAMVAHairColor(code: "XYZ") == nil)
    }

    @Test("jurisdictions by IIN and by code")
    func jurisdictions() {
        #expect(AAMVAJurisdiction(issuerIdentificationNumber: "636000")?.code == "VA")
        #expect(AAMVAJurisdiction(issuerIdentificationNumber: "636012")?.country == "CAN")
        #expect(AAMVAJurisdiction(issuerIdentificationNumber: "604426")?.code == "PE")
        #expect(AAMVAJurisdiction(issuerIdentificationNumber: "123456") == nil)
        #expect(AAMVAJurisdiction(code: "ab")?.country == "CAN")
        #expect(Set(AAMVAJurisdiction.all.map(\.issuerIdentificationNumber)).count == AAMVAJurisdiction.all.count)
        #expect(Set(AAMVAJurisdiction.all.map(\.code)).count == 69)
    }

    @Test("version 1 full names in their several forms", arguments: [
        ("PUBLIC,JOHN,Q", "PUBLIC", "JOHN", "Q", nil),
        ("CORTEZ,PABLO,LUIS RODRIGUEZ,JR", "CORTEZ", "PABLO", "LUIS RODRIGUEZ", "JR"),
        ("CORTEZ,PABLO,,JR", "CORTEZ", "PABLO", nil, "JR"),
        ("LastNameTest,FirstNameTest, ,", "LastNameTest", "FirstNameTest", nil, nil),
        ("JOHN ROBERT LEE SMITH", "SMITH", "JOHN", "ROBERT LEE", nil),
        ("JOHN SMITH JR", "SMITH", "JOHN", nil, "JR"),
    ] as [(String, String?, String?, String?, String?)])
    func fullNames(_ full: String, _ last: String?, _ first: String?, _ middle: String?, _ suffix: String?) throws {
        let payload = "@\n\u{1E}\rANSI 6360000101DL00290030DLDAA\(full)\nDAQ1\n"
        let names = try AAMVAParser.parse(Array(payload.utf8)).names
        #expect(names.last == last)
        #expect(names.first == first)
        #expect(names.middle == middle)
        #expect(names.suffix == suffix)
    }

    @Test("version 2-3 given names split into first and middle", arguments: [
        ("MARY ROSE", "MARY", "ROSE"), ("JUSTIN,WILLIAM", "JUSTIN", "WILLIAM"), ("LUIS ", "LUIS", nil),
        ("STAN CONSTANTINE", "STAN", "CONSTANTINE"),
    ] as [(String, String?, String?)])
    func givenNames(_ given: String, _ first: String?, _ middle: String?) throws {
        let payload = "@\n\u{1E}\rANSI 636000030001DL00310030DLDCSSMITH,\nDCT\(given)\nDAQ1\n"
        let names = try AAMVAParser.parse(Array(payload.utf8)).names
        #expect(names.last == "SMITH")
        #expect(names.first == first)
        #expect(names.middle == middle)
    }
}
