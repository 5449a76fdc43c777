import PapersCore
import Testing

/// What real scanners do to a payload, applied to the standard's version 10 example.
@Suite("AAMVA scanner tolerance")
struct AAMVAToleranceTests {
    static let original = AAMVAFixtures.annexExample

    /// The fields every mutated payload must still yield.
    func expectAnnexFields(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try AAMVAParser.parse(bytes)
        #expect(document.names.last == "SAMPLE", sourceLocation: sourceLocation)
        #expect(document.names.first == "MICHAEL", sourceLocation: sourceLocation)
        #expect(document.names.middle == "JOHN", sourceLocation: sourceLocation)
        #expect(document.idNumber == "T64235789", sourceLocation: sourceLocation)
        #expect(document.dates.birth?.iso == "1986-06-06", sourceLocation: sourceLocation)
        #expect(document.dates.expiry?.iso == "2024-12-10", sourceLocation: sourceLocation)
        #expect(document.address.city == "RICHMOND", sourceLocation: sourceLocation)
        #expect(document.address.postalCode?.display == "23269", sourceLocation: sourceLocation)
        #expect(document.jurisdiction == "VA", sourceLocation: sourceLocation)
        #expect(document.element("ZVA", in: "ZV") == "01", sourceLocation: sourceLocation)
    }

    func replacing(_ bytes: [UInt8], _ from: [UInt8], with to: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if !from.isEmpty, index + from.count <= bytes.count, Array(bytes[index..<(index + from.count)]) == from {
                result += to
                index += from.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    @Test("the unmodified example")
    func original() throws {
        try expectAnnexFields(Self.original)
        let document = try AAMVAParser.parse(Self.original)
        #expect(document.elements["DL"]?.count == 28)
        #expect(document.subfiles == [
            AAMVASubfile(designator: "DL", offset: 41, length: 278), AAMVASubfile(designator: "ZV", offset: 319, length: 8),
        ])
    }

    @Test("UTF-8 byte-order mark")
    func byteOrderMark() throws {
        try expectAnnexFields([0xEF, 0xBB, 0xBF] + Self.original)
    }

    @Test("damaged and missing preamble characters")
    func preamble() throws {
        var damaged = Self.original
        damaged[2] = UInt8(ascii: "6")
        damaged[3] = UInt8(ascii: "M")
        try expectAnnexFields(damaged)
        try expectAnnexFields(Array(Self.original.dropFirst(1)))
        try expectAnnexFields([0x40, 0x0A] + Array(Self.original.dropFirst(4)))
        try expectAnnexFields(Array(Self.original.dropFirst(4)))
    }

    @Test("file type AAMVA instead of ANSI")
    func aamvaFileType() throws {
        let bytes = replacing(Self.original, Array("ANSI ".utf8), with: Array("AAMVA".utf8))
        try expectAnnexFields(bytes)
        #expect(try AAMVAParser.parse(bytes).fileType == "AAMVA")
    }

    @Test("zero and wrong subfile offsets", arguments: ["00000000", "99999999", "00410999", "01000278"])
    func wrongOffsets(_ directoryEntry: String) throws {
        let bytes = replacing(Self.original, Array("DL00410278".utf8), with: Array("DL\(directoryEntry)".utf8))
        try expectAnnexFields(bytes)
    }

    @Test("separators turned into CR, CRLF, or RS")
    func separators() throws {
        try expectAnnexFields(replacing(Self.original, [0x0A], with: [0x0D]))
        try expectAnnexFields(replacing(Self.original, [0x0A], with: [0x0D, 0x0A]))
        try expectAnnexFields(replacing(replacing(Self.original, [0x0A], with: [0x0D]), [0x0D, 0x0D], with: [0x0D]))
    }

    @Test("separators stripped or turned into spaces")
    func strippedSeparators() throws {
        let body = Array(Self.original.dropFirst(4))
        let stripped = [0x40, 0x0A, 0x1E, 0x0D] + body.filter { $0 != 0x0A && $0 != 0x0D }
        try expectAnnexFields(stripped)
        let spaced = [0x40, 0x0A, 0x1E, 0x0D] + replacing(body, [0x0A], with: [0x20])
        try expectAnnexFields(spaced)
        let document = try AAMVAParser.parse(stripped)
        #expect(document.elements["DL"]?.count == 28)
    }

    @Test("stray control characters")
    func controlCharacters() throws {
        var bytes = replacing(Self.original, Array("DCSSAMPLE".utf8), with: Array("\u{0}DCSSAM\u{7}PLE\u{1B}".utf8))
        bytes = replacing(bytes, Array("DAQ".utf8), with: [0x09] + Array("DAQ".utf8))
        try expectAnnexFields(bytes)
    }

    @Test("subfile designator missing at the start of the subfile")
    func missingDesignator() throws {
        let bytes = replacing(Self.original, Array("DLDAQ".utf8), with: Array("DAQ".utf8))
        try expectAnnexFields(bytes)
    }

    @Test("invalid UTF-8 in a value is read as Latin-1")
    func latin1() throws {
        let bytes = replacing(Self.original, Array("RICHMOND".utf8), with: Array("RICHMOND".utf8) + [0xC9])
        let document = try AAMVAParser.parse(bytes)
        #expect(document.address.city == "RICHMONDÉ")
    }
}
