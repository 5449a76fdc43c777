import PapersCore
import Testing

@Suite("MRZ malformed input")
struct MRZErrorTests {
    func error(_ lines: [String]) -> MRZError? {
        do {
            _ = try MRZParser.parse(lines: lines, today: MRZSpecimens.today)
            return nil
        } catch {
            return error
        }
    }

    @Test("no line, one line, four lines")
    func lineCount() {
        #expect(error([])?.code == .wrongLineCount)
        #expect(error([MRZSpecimens.td3[0]])?.code == .wrongLineCount)
        #expect(error(MRZSpecimens.td1 + [MRZSpecimens.td1[2]])?.code == .wrongLineCount)
        #expect(error(Array(MRZSpecimens.td1.prefix(2)))?.code == .wrongLineCount)
    }

    @Test("line lengths")
    func lineLength() {
        let short = error([String(MRZSpecimens.td3[0].dropLast()), MRZSpecimens.td3[1]])
        #expect(short?.code == .wrongLineLength)
        #expect(short?.line == 1)
        let mismatch = error([MRZSpecimens.td3[0], String(MRZSpecimens.td3[1].dropLast(2))])
        #expect(mismatch?.code == .wrongLineLength)
        #expect(mismatch?.line == 2)
        #expect(mismatch?.position == 43)
    }

    @Test("characters outside A-Z 0-9 <", arguments: ["a", " ", "-", "é", "«"])
    func invalidCharacter(_ bad: String) {
        var line = Array(MRZSpecimens.td3[1])
        line[5] = Character(bad)
        let found = error([MRZSpecimens.td3[0], String(line)])
        let expected: MRZError.Code = bad.utf8.count == 1 ? .invalidCharacter : .wrongLineLength
        #expect(found?.code == expected)
        #expect(found?.line == 2)
    }

    @Test("errors never carry the MRZ text")
    func noPII() {
        var line = Array(MRZSpecimens.td3[1])
        line[5] = "a"
        let description = error([MRZSpecimens.td3[0], String(line)])?.description ?? ""
        #expect(description.contains("MRZ_INVALID_CHARACTER"))
        #expect(description.contains("line 2, position 6"))
        #expect(!description.contains("ERIKSSON"))
        #expect(!description.contains("L898902C3"))
    }
}
