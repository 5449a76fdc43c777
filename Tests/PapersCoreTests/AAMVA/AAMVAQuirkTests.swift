import PapersCore
import Testing

/// Builds payloads laid out as AAMVA DL/ID Card Design Standard 2020, annex D says (offsets and
/// lengths right), for the quirk tests to damage the way real scanners and issuers do.
enum AAMVAQuirkPayload {
    /// A payload of `subfiles` (designator, elements in order), each element ended by LF and each
    /// subfile by CR. Version 1 headers have no jurisdiction version field.
    static func build(version: Int = 10, iin: String = "636000", subfiles: [(String, [(String, String)])]) -> String {
        let bodies = subfiles.map { designator, elements in
            designator + elements.enumerated().map { index, element in
                element.0 + element.1 + (index == elements.count - 1 ? "\r" : "\n")
            }.joined()
        }
        var header = "@\n\u{1E}\rANSI " + iin + digits(version, 2) + (version == 1 ? "" : "00") + digits(subfiles.count, 2)
        var offset = header.utf8.count + 10 * subfiles.count
        for (subfile, body) in zip(subfiles, bodies) {
            header += subfile.0 + digits(offset, 4) + digits(body.utf8.count, 4)
            offset += body.utf8.count
        }
        return header + bodies.joined()
    }

    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// A version 10 Virginia licence of a made-up holder, with a `ZV` subfile.
    static let licenceElements: [(String, String)] = [
        ("DAQ", "T12345678"), ("DCS", "MOTORIST"), ("DDE", "N"), ("DAC", "ALEX"), ("DDF", "N"), ("DAD", "JAMES"),
        ("DDG", "N"), ("DBD", "01152021"), ("DBB", "03041990"), ("DBA", "03042029"), ("DBC", "1"), ("DAU", "070 in"),
        ("DAY", "BLU"), ("DAG", "100 MAIN STREET"), ("DAI", "RICHMOND"), ("DAJ", "VA"), ("DAK", "232190000  "),
        ("DCF", "1234567890"), ("DCG", "USA"),
    ]
    static let licence = build(subfiles: [("DL", licenceElements), ("ZV", [("ZVA", "01"), ("ZVB", "X")])])

    /// `text` with every occurrence of `target` replaced, as bytes.
    static func damaged(_ target: String, _ replacement: String, in text: String = licence) -> [UInt8] {
        Array(text.replacingOccurrences(of: target, with: replacement).utf8)
    }

    /// Checks that `bytes` reads as ``licence`` does: every element, each value intact.
    static func expectLicence(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try AAMVAParser.parse(bytes)
        #expect(document.aamvaVersion == 10, sourceLocation: sourceLocation)
        #expect(document.header.subfiles.map(\.designator) == ["DL", "ZV"], sourceLocation: sourceLocation)
        #expect(document.elements["DL"]?.count == licenceElements.count, sourceLocation: sourceLocation)
        for (id, value) in licenceElements {
            #expect(document.element(id, in: "DL") == value, "\(id)", sourceLocation: sourceLocation)
        }
        #expect(document.elements["ZV"] == ["ZVA": "01", "ZVB": "X"], sourceLocation: sourceLocation)
        #expect(document.names.last == "MOTORIST", sourceLocation: sourceLocation)
        #expect(document.names.first == "ALEX", sourceLocation: sourceLocation)
        #expect(document.names.middle == "JAMES", sourceLocation: sourceLocation)
        #expect(document.dates.birth?.iso == "1990-03-04", sourceLocation: sourceLocation)
        #expect(document.address.street1 == "100 MAIN STREET", sourceLocation: sourceLocation)
        #expect(document.address.postalCode?.display == "23219", sourceLocation: sourceLocation)
        #expect(document.jurisdiction == "VA", sourceLocation: sourceLocation)
    }
}

/// Control characters where the standard has none, or other ones than it says.
@Suite("AAMVA control characters from scanners")
struct AAMVAControlCharacterTests {
    typealias Payload = AAMVAQuirkPayload

    @Test("the well-formed licence")
    func wellFormed() throws {
        try Payload.expectLicence(Array(Payload.licence.utf8))
    }

    @Test("line breaks and spaces between header fields and directory entries", arguments: [
        ("ANSI 636000", "ANSI \r\n636000"), ("6360001000", "636000\n1000"), ("100002DL", "1000\n02DL"),
        ("100002DL", "100002\r\nDL"), ("ZV0", "\nZV0"), ("ANSI ", "ANSI  "), ("ANSI 636000", "ANSI \u{0}\r636000"),
    ])
    func headerGaps(_ target: String, _ replacement: String) throws {
        let bytes = Payload.damaged(target, replacement)
        try Payload.expectLicence(bytes)
        let header = try AAMVAParser.parse(bytes).header
        #expect(header.jurisdictionVersion == 0)
        #expect(header.numberOfEntries == 2)
        #expect(header.subfiles.allSatisfy { $0.offset != nil && $0.length != nil })
    }

    @Test("a control character where a data element separator belongs", arguments: [0x00, 0x09, 0x1B, 0x1C, 0x1D, 0x1F, 0x7F] as [UInt8])
    func controlSeparator(_ control: UInt8) throws {
        let c = String(UnicodeScalar(control))
        var text = Payload.licence.replacingOccurrences(of: "\nDCS", with: c + "DCS")
        text = text.replacingOccurrences(of: "\nDAG", with: c + c + "DAG")
        text = text.replacingOccurrences(of: "\nDAK", with: "\u{1B}" + c + "DAK")
        try Payload.expectLicence(Array(text.utf8))
    }

    @Test("a control character for every data element separator")
    func controlForEverySeparator() throws {
        try Payload.expectLicence(Payload.damaged("\n", "\u{1D}"))
        try Payload.expectLicence(Payload.damaged("\n", "\u{0}"))
    }

    @Test("a control character ending a subfile or following its designator")
    func controlAroundSubfiles() throws {
        try Payload.expectLicence(Payload.damaged("\rZVZVA", "\u{1D}ZVZVA"))
        try Payload.expectLicence(Payload.damaged("DLDAQ", "DL\u{0}DAQ"))
        try Payload.expectLicence(Payload.damaged("ZVZVA", "ZV\u{1D}ZVA"))
    }

    @Test("control characters inside values are dropped")
    func controlInsideValues() throws {
        var text = Payload.licence.replacingOccurrences(of: "MOTORIST", with: "MOTO\u{1D}RIST\u{0}")
        text = text.replacingOccurrences(of: "RICHMOND", with: "\u{1B}RICH\u{7}MOND")
        text = text.replacingOccurrences(of: "100 MAIN", with: "100\u{1D} MAIN")
        try Payload.expectLicence(Array(text.utf8))
    }

    @Test("compliance indicator and preamble other than @ LF RS CR", arguments: [
        "@\n\r", "@\n\u{1E}\u{1E}\r", "@\r\n\u{1E}\r", "@\n\u{1C}\r", "@\n\u{1E}\r\n", "@\u{1E}\r", "@", "@\n\u{1E}\r\r", "",
        "@\n\u{1D}\r", "@@\n\u{1E}\r",
    ])
    func preamble(_ preamble: String) throws {
        let bytes = Payload.damaged("@\n\u{1E}\rANSI", preamble + "ANSI")
        try Payload.expectLicence(bytes)
    }

    @Test("leading garbage before the compliance indicator", arguments: [
        "]L2", "\u{2}", "\r\n\r\n", String(repeating: "SCANNER 0001 ", count: 8), String(repeating: "@", count: 60),
        String(repeating: "\u{0}", count: 50), "DL LICENCE SCAN ANSI X\n" + String(repeating: "-", count: 40),
    ])
    func leadingGarbage(_ garbage: String) throws {
        try Payload.expectLicence(Array((garbage + Payload.licence).utf8))
    }

    @Test("garbage without a confirmed header past the search window is still no header")
    func noConfirmedHeader() {
        let text = String(repeating: "X", count: 64) + "ANSI 63600 NOT A HEADER DAQ1\nDCSSMITH\n"
        #expect(throws: AAMVAError(code: .noHeader, offset: 0)) { try AAMVAParser.parse(Array(text.utf8)) }
        let withoutIndicator = String(repeating: "X", count: 64) + Payload.licence.dropFirst(4)
        #expect(throws: AAMVAError(code: .noHeader, offset: 0)) { try AAMVAParser.parse(Array(withoutIndicator.utf8)) }
    }

    @Test("extra line separators between data elements", arguments: [
        ("\n", "\n\n"), ("\n", "\r\n"), ("\n", "\r\n\r\n"), ("\nDAG", "\n\u{1E}DAG"), ("\rZV", "\r\n\rZV"),
        ("\n", "\n\u{0}\n"),
    ])
    func extraSeparators(_ target: String, _ replacement: String) throws {
        try Payload.expectLicence(Payload.damaged(target, replacement))
    }

    @Test("the segment terminator missing or doubled")
    func segmentTerminator() throws {
        try Payload.expectLicence(Payload.damaged("\rZVZVA", "\r\rZVZVA"))
        try Payload.expectLicence(Payload.damaged("\rZVZVA", "\nZVZVA"))
        try Payload.expectLicence(Payload.damaged("\rZVZVA", "\u{1E}ZVZVA"))
    }
}

/// Versions 1-3 elements holding given and middle names together.
@Suite("AAMVA combined name elements")
struct AAMVACombinedNameTests {
    func names(version: Int, _ elements: [(String, String)]) throws -> AAMVANames {
        let payload = AAMVAQuirkPayload.build(version: version, subfiles: [("DL", [("DAQ", "1")] + elements)])
        return try AAMVAParser.parse(Array(payload.utf8)).names
    }

    @Test("DCT: first name, then middle names", arguments: [
        (1, "MARY ROSE", "MARY", "ROSE"), (2, "MARY ROSE ANN", "MARY", "ROSE ANN"), (3, "JOHN,PAUL", "JOHN", "PAUL"),
        (2, "JOHN$QUINCY", "JOHN", "QUINCY"), (2, "ANNE MARIE,LOUISE", "ANNE MARIE", "LOUISE"), (3, "PAT", "PAT", nil),
        (2, "LEE  NONE", "LEE", nil),
    ] as [(Int, String, String?, String?)])
    func givenNames(_ version: Int, _ given: String, _ first: String?, _ middle: String?) throws {
        let read = try names(version: version, [("DCS", "TESTER"), ("DCT", given)])
        #expect(read.last == "TESTER")
        #expect(read.first == first)
        #expect(read.middle == middle)
    }

    @Test("DAC holding both names in versions 1-3 when there is no DAD", arguments: [
        (1, "MARY ROSE", "MARY", "ROSE"), (2, "JEAN PAUL MARC", "JEAN", "PAUL MARC"), (3, "JOHN,Q", "JOHN", "Q"),
        (3, "SAM", "SAM", nil),
    ] as [(Int, String, String?, String?)])
    func firstNameHoldingMiddle(_ version: Int, _ given: String, _ first: String?, _ middle: String?) throws {
        let last = version == 1 ? "DAB" : "DCS"
        let read = try names(version: version, [(last, "TESTER"), ("DAC", given)])
        #expect(read.last == "TESTER")
        #expect(read.first == first)
        #expect(read.middle == middle)
    }

    @Test("DAC is kept whole beside a DAD, and from version 4 on")
    func firstNameKept() throws {
        var read = try names(version: 3, [("DCS", "TESTER"), ("DAC", "MARY ANN"), ("DAD", "LOUISE")])
        #expect(read.first == "MARY ANN")
        #expect(read.middle == "LOUISE")
        read = try names(version: 2, [("DCS", "TESTER"), ("DAC", "MARY ANN"), ("DAD", "NONE")])
        #expect(read.first == "MARY ANN")
        #expect(read.middle == nil)
        read = try names(version: 4, [("DCS", "TESTER"), ("DAC", "MARY ANN")])
        #expect(read.first == "MARY ANN")
        #expect(read.middle == nil)
    }

    @Test("version 1 DAA full names: commas, spaces after them, $, and LAST,GIVEN", arguments: [
        ("PUBLIC,JOHN,QUINCY", "PUBLIC", "JOHN", "QUINCY", nil), ("PUBLIC, JOHN, QUINCY", "PUBLIC", "JOHN", "QUINCY", nil),
        ("PUBLIC,JOHN QUINCY", "PUBLIC", "JOHN", "QUINCY", nil), ("PUBLIC,JOHN QUINCY ADAMS", "PUBLIC", "JOHN", "QUINCY ADAMS", nil),
        ("PUBLIC$JOHN$QUINCY", "PUBLIC", "JOHN", "QUINCY", nil), ("PUBLIC,JOHN,QUINCY,", "PUBLIC", "JOHN", "QUINCY", nil),
        ("PUBLIC,JOHN", "PUBLIC", "JOHN", nil, nil), ("JOHNSON,JACK,,3RD", "JOHNSON", "JACK", nil, "3RD"),
        ("PUBLIC,JOHN,NONE", "PUBLIC", "JOHN", nil, nil), ("PUBLIC,JOHN Q JR", "PUBLIC", "JOHN", "Q", "JR"),
        ("PUBLIC,JOHN V", "PUBLIC", "JOHN", "V", nil), ("PUBLIC,JOHN III", "PUBLIC", "JOHN", nil, "III"),
    ] as [(String, String?, String?, String?, String?)])
    func fullNames(_ full: String, _ last: String?, _ first: String?, _ middle: String?, _ suffix: String?) throws {
        let read = try names(version: 1, [("DAA", full)])
        #expect(read.last == last)
        #expect(read.first == first)
        #expect(read.middle == middle)
        #expect(read.suffix == suffix)
    }
}

/// A street that is not in `DAG`.
@Suite("AAMVA street fallbacks")
struct AAMVAStreetFallbackTests {
    func address(version: Int = 10, iin: String = "636036", _ document: [(String, String)],
                 jurisdiction: (String, [(String, String)])? = nil) throws -> AAMVAAddress {
        var subfiles = [("DL", [("DAQ", "D1234"), ("DCS", "TESTER"), ("DAC", "PAT")] + document)]
        if let jurisdiction { subfiles.append(jurisdiction) }
        let payload = AAMVAQuirkPayload.build(version: version, iin: iin, subfiles: subfiles)
        return try AAMVAParser.parse(Array(payload.utf8)).address
    }

    @Test("the version 1 residence address when there is no mailing street")
    func residence() throws {
        let residence = try address(version: 1, [
            ("DAL", "12 OAK LN"), ("DAM", "APT 3"), ("DAN", "TRENTON"), ("DAO", "NJ"), ("DAP", "08608"),
        ])
        #expect(residence.street1 == "12 OAK LN")
        #expect(residence.street2 == "APT 3")
        #expect(residence.city == "TRENTON")
        #expect(residence.jurisdictionCode == "NJ")
        #expect(residence.postalCode?.display == "08608")
        #expect(residence.streetFallbackElement == "DAL")
        // Residence parts it lacks come from the mailing address.
        let partial = try address(version: 1, [("DAL", "12 OAK LN"), ("DAI", "NEWARK"), ("DAK", "07102")])
        #expect(partial.city == "NEWARK")
        #expect(partial.postalCode?.display == "07102")
    }

    @Test("the mailing street wins over the residence and jurisdiction ones")
    func mailingFirst() throws {
        let read = try address(
            version: 1, [("DAG", "PO BOX 9"), ("DAI", "NEWARK"), ("DAL", "12 OAK LN"), ("DAN", "TRENTON")],
            jurisdiction: ("ZN", [("ZNA", "45 ELM AVE")])
        )
        #expect(read.street1 == "PO BOX 9")
        #expect(read.city == "NEWARK")
        #expect(read.streetFallbackElement == nil)
    }

    @Test("a street in the jurisdiction subfile", arguments: [
        ("45 ELM AVE", "45 ELM AVE"), ("1725-B SLOUGH AVENUE", "1725-B SLOUGH AVENUE"), ("P.O. BOX 77", "P.O. BOX 77"),
        ("RR 2 BOX 15", "RR 2 BOX 15"), ("123 RUE PRINCIPALE,", "123 RUE PRINCIPALE"),
    ])
    func jurisdictionStreet(_ value: String, _ street: String) throws {
        let read = try address(
            [("DAI", "TRENTON"), ("DAJ", "NJ"), ("DAK", "086080000  ")],
            jurisdiction: ("ZN", [("ZNA", "0001"), ("ZNB", "12 MONTHS"), ("ZNC", value), ("ZND", "9 ELM ST")])
        )
        #expect(read.street1 == street)
        #expect(read.streetFallbackElement == "ZNC")
        #expect(read.city == "TRENTON")
        #expect(read.postalCode?.display == "08608")
    }

    @Test("a jurisdiction element inside the document subfile")
    func jurisdictionElementInDocumentSubfile() throws {
        let read = try address([("ZNA", "7 HIGH ST"), ("DAI", "TRENTON")])
        #expect(read.street1 == "7 HIGH ST")
        #expect(read.streetFallbackElement == "ZNA")
    }

    @Test("no street when no jurisdiction element has the shape of one")
    func noStreet() throws {
        let read = try address(
            [("DAI", "TRENTON")], jurisdiction: ("ZN", [("ZNA", "12 MONTHS"), ("ZNB", "03042029"), ("ZNC", "RESTRICTED")])
        )
        #expect(read.street1 == nil)
        #expect(read.streetFallbackElement == nil)
        #expect(read.city == "TRENTON")
    }

    @Test("the fallback street reaches the common document data")
    func documentData() throws {
        let payload = AAMVAQuirkPayload.build(iin: "636036", subfiles: [
            ("DL", [("DAQ", "D1234"), ("DCS", "TESTER"), ("DAC", "PAT"), ("DAI", "TRENTON")]),
            ("ZN", [("ZNA", "45 ELM AVE")]),
        ])
        let data = try AAMVAParser.parse(Array(payload.utf8)).documentData
        #expect(data.addressLine == "45 ELM AVE")
        #expect(data.city == "TRENTON")
    }

    @Test("street line shapes", arguments: [
        ("2300 WEST BROAD STREET", true), ("45 ELM AVE", true), ("12B N MAIN ST APT 4", true), ("PO BOX 12", true),
        ("P O BOX 12", true), ("HC 1 BOX 5", true), ("12 MONTHS", false), ("03042029", false), ("RESTRICTED", false),
        ("PO BOX", false), ("MAIN ST", false), ("", false), ("1254 FIRST", false),
    ])
    func streetLines(_ text: String, _ isStreet: Bool) {
        #expect(AAMVAAddress.isStreetLine(text) == isStreet)
    }
}
