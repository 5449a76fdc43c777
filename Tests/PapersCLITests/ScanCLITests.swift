import Foundation
import Testing

@Suite("papers scan")
struct ScanCLITests {
    static let photos = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos")

    @Test("a passport photo reads into DocumentData with a verified MRZ")
    func passport() throws {
        let output = try PapersExecutable.run(["scan", "--json", Self.photos.appendingPathComponent("passport-td3.jpg").path])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["extractionMethod"] as? String == "MRZ")
        #expect(json["selectedDocumentType"] as? String == "passport")
        let mrzData = try #require(json["mrzData"] as? [String: Any])
        #expect(mrzData["format"] as? String == "MRP")
        #expect((mrzData["line1"] as? String)?.count == 44)
        let sides = try #require((json["scan"] as? [String: Any])?["sides"] as? [[String: Any]])
        #expect((sides.first?["mrz"] as? [String: Any])?["verified"] as? Bool == true)
    }

    @Test("a licence frame reads from its PDF417", .enabled(if: FileManager.default.fileExists(atPath: PapersExecutable.sharedData.path)))
    func licence() throws {
        let frame = PapersExecutable.sharedData.appendingPathComponent("barcodes/synthetic_aamva_va_1920x1080.png")
        let output = try PapersExecutable.run(["scan", "--json", frame.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.json?["extractionMethod"] as? String == "BARCODE")
        #expect(output.json?["lastName"] as? String != nil)
    }

    @Test("an ID card's MRZ and another person's licence barcode are refused as one document, not blended",
          .enabled(if: FileManager.default.fileExists(atPath: PapersExecutable.sharedData.path)))
    func sidesThatDisagree() throws {
        let card = Self.photos.appendingPathComponent("id-card-td2.jpg").path
        let licence = PapersExecutable.sharedData.appendingPathComponent("barcodes/synthetic_aamva_va_1920x1080.png").path
        let output = try PapersExecutable.run(["scan", "--json", card, licence])
        #expect(output.status == 65)
        #expect(output.stderr.hasPrefix("papers: the photos are not of one document"), "\(output.stderr)")
        #expect(output.stderr.contains("lastName"))
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stdout.isEmpty)
    }

    @Test("a directory scans every photo, one JSON line each")
    func directory() throws {
        let output = try PapersExecutable.run(["scan", "--json", Self.photos.path])
        #expect(output.status == 0)
        let lines = output.text.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["file"] != nil)
            #expect(object?["extractionMethod"] as? String == "MRZ")
        }
    }

    @Test("nothing readable exits non-zero with one line; a text file is a typed image error")
    func nothingReadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A capture-set photo: a card with MRZ-like marks that are no MRZ.
        let synth = try PapersExecutable.run(["synth", "--count", "1", "--out", folder.path])
        #expect(synth.status == 0)
        let marks = try PapersExecutable.run(["scan", folder.appendingPathComponent("00000.jpg").path])
        #expect(marks.status == 65)
        #expect(marks.stderr.hasPrefix("papers: RECOGNITION_NOTHING_READABLE"))
        #expect(marks.stderr.split(separator: "\n").count == 1)
        let text = folder.appendingPathComponent("note.jpg")
        try Data("not an image".utf8).write(to: text)
        let bad = try PapersExecutable.run(["scan", text.path])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("IMAGE_"))
        #expect(bad.stderr.split(separator: "\n").count == 1)
    }
}
