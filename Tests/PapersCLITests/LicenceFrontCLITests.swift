import Foundation
import Testing

@Suite("papers scan: printed licence fronts")
struct LicenceFrontCLITests {
    @Test("a licence front is read by OCR; with its own back it completes the barcode, with another's it is reported")
    func frontAndBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-licence-front-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fronts = folder.appendingPathComponent("fronts"), backs = folder.appendingPathComponent("backs")
        #expect(try PapersExecutable.run(["synth", "--documents", "licence-front", "--seed", "6", "--count", "2", "--size", "1280x960",
                                          "--out", fronts.path]).status == 0)
        #expect(try PapersExecutable.run(["synth", "--documents", "licence", "--seed", "6", "--count", "2", "--size", "1920x1080",
                                          "--out", backs.path]).status == 0)
        func photo(_ folder: URL, _ index: Int) -> String { folder.appendingPathComponent(String(format: "%05d.jpg", index)).path }
        func truth(_ index: Int) throws -> [String: Any] {
            let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: fronts.appendingPathComponent(String(format: "%05d.json", index))))
            return try #require((entry as? [String: Any])?["truth"] as? [String: Any])
        }

        let front = try PapersExecutable.run(["scan", "--json", photo(fronts, 0)])
        #expect(front.status == 0, "\(front.stderr)")
        let alone = try #require(front.json)
        let expected = try truth(0)
        #expect(alone["extractionMethod"] as? String == "OCR")
        for field in ["lastName", "firstName", "dob", "expiryDate", "idNumber"] {
            #expect(alone[field] as? String == expected[field] as? String, "\(field)")
        }
        let printed = try #require(((alone["scan"] as? [String: Any])?["sides"] as? [[String: Any]])?.first?["printed"] as? [String: Any])
        #expect(((printed["dob"] as? [String: Any])?["confidence"] as? Double ?? 0) > 0.5)

        let pair = try #require(try PapersExecutable.run(["scan", "--json", photo(fronts, 0), photo(backs, 0)]).json)
        #expect(pair["extractionMethod"] as? String == "BARCODE_OCR")
        #expect((pair["scan"] as? [String: Any])?["printedMismatch"] == nil)

        let mixed = try PapersExecutable.run(["scan", "--json", photo(fronts, 1), photo(backs, 0)])
        let blended = try #require(mixed.json)
        #expect(blended["extractionMethod"] as? String == "BARCODE", "another person's front is not merged in")
        let mismatch = try #require((blended["scan"] as? [String: Any])?["printedMismatch"] as? [String])
        #expect(mismatch.contains("dob") && mismatch.contains("idNumber"))
    }

    @Test("a receipt is not taken for an identity document's front")
    func receiptIsNotAnID() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-licence-receipt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try PapersExecutable.run(["synth", "--documents", "receipt", "--seed", "3", "--count", "1", "--out", folder.path]).status == 0)
        let output = try PapersExecutable.run(["scan", "--json", folder.appendingPathComponent("00000.jpg").path])
        #expect(output.status == 65, "\(output.text)")
    }
}
