import Foundation
import Testing

@Suite("papers scan --type receipt|w2|auto")
struct TextScanCLITests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-text-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a synthetic receipt prints Veryfi's keys, and auto tells it from an ID")
    func receipt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try PapersExecutable.run(["synth", "--documents", "receipt", "--seed", "3", "--count", "1", "--out", folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        let photo = folder.appendingPathComponent("00000.jpg").path
        let output = try PapersExecutable.run(["scan", "--type", "receipt", "--json", photo])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["document_type"] as? String == "receipt")
        for key in ["vendor", "date", "total", "subtotal", "tax", "tip", "currency_code", "line_items", "payment", "category",
                    "confidence"] {
            #expect(json.keys.contains(key), "\(key)")
        }
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("00000.json"))) as? [String: Any])
        let expected = try #require(truth["truth"] as? [String: Any])
        #expect((json["total"] as? NSNumber)?.doubleValue == (expected["total"] as? NSNumber)?.doubleValue)
        let auto = try PapersExecutable.run(["scan", "--type", "auto", "--json", photo])
        #expect(auto.status == 0, "\(auto.stderr)")
        #expect(auto.json?["document_type"] as? String == "receipt")
    }

    @Test("a photo with no text exits 65 with one line on stderr")
    func nothing() throws {
        let blank = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/passport-td3.jpg").path
        let output = try PapersExecutable.run(["scan", "--type", "w2", blank])
        #expect(output.status == 65)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("RECOGNITION_NO_TEXT"))
    }
}
