import Foundation
import Testing

@Suite("papers CLI, end to end")
struct CLITests {
    static let td3 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10\n"

    @Test("mrz --json prints the document with the contract's names")
    func mrzJSON() throws {
        let output = try PapersExecutable.run(["mrz", "--json"], stdin: "\n  " + Self.td3 + "\n")
        #expect(output.status == 0)
        let json = try #require(output.json)
        #expect(json["idNumber"] as? String == "L898902C3")
        #expect(json["firstName"] as? String == "ANNA MARIA")
        #expect(json["dob"] as? String == "1974-08-12")
        #expect(json["extractionMethod"] as? String == "MRZ")
        let mrz = try #require(json["mrzData"] as? [String: Any])
        #expect(mrz["format"] as? String == "MRP")
        #expect(mrz["compositeValid"] as? Bool == true)
    }

    @Test("mrz: failed check digits exit 0 and show in the flags")
    func mrzFailedCheck() throws {
        let broken = Self.td3.replacingOccurrences(of: "7408122F", with: "7408123F")
        let output = try PapersExecutable.run(["mrz", "--json"], stdin: broken)
        #expect(output.status == 0)
        let mrz = try #require(output.json?["mrzData"] as? [String: Any])
        #expect(mrz["dobValid"] as? Bool == false)
    }

    @Test("mrz --correct undoes OCR confusions proven by the check digits")
    func mrzCorrect() throws {
        let misread = Self.td3.replacingOccurrences(of: "7408122F", with: "74O8I22F")
        let output = try PapersExecutable.run(["mrz", "--json", "--correct"], stdin: misread)
        #expect(output.status == 0)
        #expect(output.json?["dob"] as? String == "1974-08-12")
        #expect(output.stderr.contains("corrected 2 character(s)"))
    }

    @Test("mrz: malformed input exits non-zero with one line on stderr and no MRZ text")
    func mrzMalformed() throws {
        for input in ["P<UTOERIKSSON\n", "", Self.td3.replacingOccurrences(of: "ANNA", with: "anna")] {
            let output = try PapersExecutable.run(["mrz"], stdin: input)
            #expect(output.status != 0)
            #expect(output.stderr.hasPrefix("papers: MRZ_"))
            #expect(output.stderr.split(separator: "\n").count == 1)
            #expect(!output.stderr.contains("ERIKSSON"))
        }
    }

    @Test("mrz without --json prints a readable summary")
    func mrzSummary() throws {
        let output = try PapersExecutable.run(["mrz"], stdin: Self.td3)
        #expect(output.status == 0)
        #expect(output.text.contains("check digits     all valid"))
        #expect(output.text.contains("UTO (Utopia"))
    }

    @Test("aamva --json reads a payload file")
    func aamvaJSON() throws {
        let file = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/aamva/dl-v10-synthetic.txt")
        let output = try PapersExecutable.run(["aamva", "--json", file.path])
        #expect(output.status == 0)
        let json = try #require(output.json)
        #expect(json["extractionMethod"] as? String == "BARCODE")
        #expect(json["issuingCountry"] as? String == "USA")
        #expect(json["subdivision"] as? String == "VA")
        #expect(json["lastName"] as? String == "QUINTERO")
        #expect(json["dob"] as? String == "1990-03-02")
        #expect(json["aamva"] is [String: Any])
    }

    @Test("aamva reads standard input, and rejects garbage with a one-line error")
    func aamvaStdin() throws {
        let file = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/aamva/id-v8-ontario-synthetic.txt")
        let payload = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        let output = try PapersExecutable.run(["aamva", "--json"], stdin: payload)
        #expect(output.status == 0)
        #expect(output.json?["issuingCountry"] as? String == "CAN")
        #expect(output.json?["selectedDocumentType"] as? String == "identityCard")

        let garbage = try PapersExecutable.run(["aamva"], stdin: "hello, this is not a barcode")
        #expect(garbage.status != 0)
        #expect(garbage.stderr.split(separator: "\n").count == 1)
        let missing = try PapersExecutable.run(["aamva", "/nonexistent/payload.txt"])
        #expect(missing.status != 0)
    }

    @Test("demo reads every bundled sample, the photos included")
    func demo() throws {
        let output = try PapersExecutable.run(["demo"])
        #expect(output.status == 0)
        #expect(output.text.contains("11 sample documents read (3 from photos)."))
        let json = try PapersExecutable.run(["demo", "--json"])
        let lines = json.text.split(separator: "\n")
        #expect(lines.count == 11)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["extractionMethod"] != nil)
        }
    }

    @Test("bench mrz prints its figures as JSON")
    func bench() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("papers-bench-\(UUID().uuidString).txt")
        try (Self.td3 + "\n" + Self.td3).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try PapersExecutable.run(["bench", "mrz", file.path, "--iterations", "3", "--json"])
        #expect(output.status == 0)
        #expect(output.json?["documents"] as? Int == 2)
        #expect((output.json?["parsesPerSecond"] as? Double ?? 0) > 0)
    }
}
