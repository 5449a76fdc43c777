import Foundation
import PapersImaging
import PapersImagingCodecs
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

    /// A synthetic receipt photographed in two overlapping pieces (the top 70% and the bottom 60%),
    /// as PNG files in `folder`, and the receipt's truth.
    static func pieces(in folder: URL) throws -> (pieces: [String], truth: [String: Any]) {
        let made = try PapersExecutable.run(["synth", "--documents", "receipt", "--seed", "3", "--count", "1", "--out", folder.path])
        #expect(made.status == 0, "\(made.stderr)")
        let photo = try ImageCodecs.decode(contentsOf: folder.appendingPathComponent("00000.jpg"))
        let top = try #require(photo.cropped(x: 0, y: 0, width: photo.width, height: photo.height * 7 / 10))
        let bottom = try #require(photo.cropped(x: 0, y: photo.height * 4 / 10, width: photo.width, height: photo.height - photo.height * 4 / 10))
        var paths: [String] = []
        for (index, piece) in [top, bottom].enumerated() {
            let path = folder.appendingPathComponent("piece-\(index).png").path
            try Data(try ImageCodecs.encode(piece, forPath: path)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("00000.json"))) as? [String: Any])
        return (paths, try #require(truth["truth"] as? [String: Any]))
    }

    @Test("--pages reads overlapping photos of one receipt as one, each item once")
    func pages() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (pieces, truth) = try Self.pieces(in: folder)
        let output = try PapersExecutable.run(["scan", "--type", "receipt", "--pages", "--json"] + pieces)
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect((json["total"] as? NSNumber)?.doubleValue == (truth["total"] as? NSNumber)?.doubleValue)
        #expect(json["date"] as? String == truth["date"] as? String)
        #expect((json["line_items"] as? [Any])?.count == (truth["line_items"] as? [Any])?.count)
        // Read one by one, neither piece holds the whole receipt.
        let separately = try PapersExecutable.run(["scan", "--type", "receipt", "--json"] + pieces)
        #expect(String(decoding: separately.stdout, as: UTF8.self).split(separator: "\n").count == 2)
        let misuse = try PapersExecutable.run(["scan", "--pages"] + pieces)
        #expect(misuse.status == 64)
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
