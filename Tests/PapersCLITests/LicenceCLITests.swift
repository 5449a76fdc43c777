import Foundation
import Testing

@Suite("papers synth --documents licence and eval barcode")
struct LicenceCLITests {
    @Test("synth --documents licence writes photos whose truth carries an AAMVA payload that papers aamva reads")
    func synthLicence() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-licence-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let synth = try PapersExecutable.run(["synth", "--documents", "licence", "--count", "2", "--size", "640x360", "--seed", "4", "--out", folder.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        for name in ["00000", "00001"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).jpg").path))
            let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("\(name).json"))) as? [String: Any]
            let truth = try #require(entry?["truth"] as? [String: Any])
            #expect(truth["kind"] as? String == "idCard")
            #expect(truth["barcodeObscuredByGlare"] is Bool)
            #expect(truth["mrzLines"] == nil)
            let encoded = try #require(truth["barcodePayload"] as? String)
            let payload = try #require(Data(base64Encoded: encoded))
            #expect(payload.starts(with: Data("@\n\u{1E}\rANSI ".utf8)))
            let file = folder.appendingPathComponent("\(name).aamva")
            try payload.write(to: file)
            let parsed = try PapersExecutable.run(["aamva", "--json", file.path])
            #expect(parsed.status == 0, "\(parsed.stderr)")
            #expect(parsed.json?["extractionMethod"] as? String == "BARCODE")
            #expect(parsed.json?["lastName"] as? String != nil)
            #expect(parsed.json?["dob"] as? String != nil)
        }
        let bad = try PapersExecutable.run(["synth", "--documents", "licences", "--count", "1", "--out", folder.path])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'licence'"))
    }

    @Test("eval barcode --json scores Papers and the peer on the same photos")
    func evalBarcode() throws {
        let output = try PapersExecutable.run(["eval", "barcode", "--count", "3", "--size", "960x540", "--seed", "5", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["photos"] as? Int == 3)
        let readable = try #require(json["readable"] as? Int)
        #expect((0...3).contains(readable))
        #expect(json["barcodeObscuredByGlare"] is Int)
        #expect((json["peerName"] as? String)?.contains("zxing-cpp") == true)
        #expect(json["readByPapersOnly"] is Int && json["readByPeerOnly"] is Int)
        for key in ["papers", "peer"] {
            let reader = try #require(json[key] as? [String: Any], "\(key)")
            let read = try #require(reader["read"] as? Int)
            #expect(read <= readable)
            let readAll = try #require(reader["readAllPhotos"] as? Int)
            let rate = try #require(reader["readRate"] as? Double)
            let median = try #require(reader["medianMs"] as? Double)
            #expect(readAll >= read)
            #expect(reader["wrongPayloads"] as? Int == 0, "\(key)")
            #expect(rate <= 1)
            #expect(median > 0, "\(key)")
            // The median over the photos read is there exactly when something was read.
            let whenRead = reader["medianMsWhenRead"] as? Double
            #expect((whenRead != nil) == (readAll > 0), "\(key)")
            #expect(whenRead.map { $0 > 0 } ?? true, "\(key)")
        }
        let text = try PapersExecutable.run(["eval", "barcode", "--count", "1", "--size", "640x360"])
        #expect(text.status == 0)
        #expect(text.text.contains("read exactly (readable)"))
        let none = try PapersExecutable.run(["eval", "barcode", "--count", "0"])
        #expect(none.status == 64)
    }

    @Test("eval barcode --renderer freetype scores the independent licence backs, every one readable")
    func evalBarcodeIndependent() throws {
        let output = try PapersExecutable.run(["eval", "barcode", "--renderer", "freetype", "--count", "2", "--size", "640x360", "--seed", "1", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["photos"] as? Int == 2 && json["readable"] as? Int == 2)
        for key in ["papers", "peer"] {
            let reader = try #require(json[key] as? [String: Any], "\(key)")
            #expect(reader["wrongPayloads"] as? Int == 0, "\(key)")
        }
        let unknown = try PapersExecutable.run(["eval", "barcode", "--renderer", "ink", "--count", "1"])
        #expect(unknown.status == 64)
    }
}
