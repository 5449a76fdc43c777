import Foundation
import Testing

@Suite("papers capture")
struct CaptureCLITests {
    static let photo = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/id-card-td2.jpg")

    @Test("a steady document is captured once it held still for 0.6 s of camera time")
    func steady() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-capture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<10 {
            try FileManager.default.copyItem(at: Self.photo, to: directory.appendingPathComponent(String(format: "frame-%02d.jpg", index)))
        }
        let output = try PapersExecutable.run(["capture", "--json", "--fps", "10", directory.path])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.dropLast().map { $0["state"] as? String }.first == "steadying")
        let captured = try #require(lines.last)
        #expect(captured["captured"] as? String == "frame-06.jpg")
        #expect(captured["isImageCropped"] as? Bool == true)
        // At 5 frames a second the same frames are 1.2 s long: captured at the fourth.
        let slower = try PapersExecutable.run(["capture", "--json", "--fps", "5", directory.path])
        #expect(slower.text.contains("\"captured\":\"frame-03.jpg\""))
    }

    @Test("feeds written by papers synth --sequence are captured once their truth allows it, or not at all",
          arguments: ["slide-in", "glare-away", "never-steady"])
    func synthesizedFeeds(kind: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-feed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = directory.appendingPathComponent("feed.y4m").path
        let synth = try PapersExecutable.run(["synth", "--sequence", kind, "--size", "640x360", "--seed", "5",
                                              "--out", directory.path, "--video", video])
        #expect(synth.status == 0, "\(synth.stderr)")
        let truth = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("sequence.json"))) as? [String: Any])
        let frames = try #require(truth["frames"] as? [[String: Any]])
        // The video holds every frame and three seconds of the last: the header, then per frame "FRAME\n" and 640×360×1.5 bytes.
        let header = "YUV4MPEG2 W640 H360 F10:1 Ip A1:1 C420jpeg\n".utf8.count
        #expect(try Data(contentsOf: URL(fileURLWithPath: video)).count == header + (frames.count + 30) * (6 + 640 * 360 * 3 / 2))
        let output = try PapersExecutable.run(["capture", "--json", "--fps", "10", directory.path])
        if let earliest = truth["earliestCapture"] as? Int {
            #expect(output.status == 0, "\(output.stderr)")
            let last = output.text.split(separator: "\n").last.map(String.init) ?? ""
            let file = try #require(last.firstMatch(of: /"captured":"(frame-\d+\.jpg)"/)?.1).description
            let captured = try #require(frames.firstIndex { $0["file"] as? String == file })
            // Never before the truth allows it; at most one steady time (0.6 s) later, which glare
            // moving along the page's edge may take from the outline's steadiness.
            #expect((earliest...earliest + 6).contains(captured), "captured \(captured), earliest \(earliest)")
        } else {
            #expect(kind == "never-steady")
            #expect(output.status == 65)
            #expect(output.stderr.hasPrefix("papers: nothing captured: holdStill"), "\(output.stderr)")
        }
    }

    @Test("papers workflow walks a scripted licence capture: flip error Z, retry, upload, finish; a bad line is refused")
    func workflowScript() throws {
        let script = [#"{"event":"start"}"#, #"{"event":"partScanned"}"#, #"{"event":"confirm"}"#,
                      #"{"event":"partScanned","outcome":"wrongSide"}"#, #"{"event":"retryAfterError"}"#, #"{"event":"partScanned"}"#,
                      #"{"event":"confirm"}"#, #"{"event":"uploaded","scanReference":"r1"}"#, #"{"event":"processed"}"#].joined(separator: "\n")
        let output = try PapersExecutable.run(["workflow", "--json", "--preselected-country", "USA", "--preselected-type", "driverLicense"], stdin: script)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.map { ($0["effects"] as? [String])?.first ?? "-" } == [
            "presentScan(front, ocr, 1/2)", "showConfirmation(generic)", "presentScan(back, barcode, 2/2)",
            "showError(Z00000, retryPossible): You scanned the front of your document; please turn it over and scan the back.",
            "presentScan(back, barcode, 2/2)", "showConfirmation(checkDocumentSide)", "upload", "-", "finish(r1)",
        ])
        let vietnamese = try PapersExecutable.run(["workflow", "--json", "--language", "vi", "--preselected-country", "USA",
                                                  "--preselected-type", "driverLicense"], stdin: script)
        #expect(vietnamese.text.contains("mặt sau"))
        let refused = try PapersExecutable.run(["workflow"], stdin: "{\"event\":\"fly\"}")
        #expect(refused.status == 65)
    }

    @Test("frames without a document capture nothing: exit 65 naming the guidance")
    func nothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-capture-none-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let blank = directory.appendingPathComponent("blank.png")
        let png = Self.grayPNG(width: 64, height: 48, value: 120)
        try Data(png).write(to: blank)
        let output = try PapersExecutable.run(["capture", blank.path, blank.path])
        #expect(output.status == 65)
        #expect(output.stderr.hasPrefix("papers: nothing captured: noDocument"), "\(output.stderr)")
    }

    /// A uniform gray PNG (stored, uncompressed): a frame with nothing in it.
    static func grayPNG(width: Int, height: Int, value: UInt8) -> [UInt8] {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func be(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc32(body))
        }
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: value, count: width) }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(raw.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw + be(b << 16 | a)
        let header = be(UInt32(width)) + be(UInt32(height)) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}
