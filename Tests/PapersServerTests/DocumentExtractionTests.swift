import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import Testing
@testable import PapersServer

/// A recogniser that "reads" the lines given for an image of each height: the server's plumbing
/// tested without an OCR engine's variance (the real engine is tested through `papers serve`).
struct ScriptedTextRecognizer: TextRecognizer {
    let pages: [Int: [String]]

    func recognize(_ image: Image, layout: TextLayout) throws(RecognitionError) -> RecognizedText {
        let lines = (pages[image.height] ?? []).enumerated().map { index, line in
            RecognizedLine(words: line.split(separator: " ").enumerated().map { column, word in
                RecognizedWord(text: String(word), box: TextBox(x: 10 + 60 * column, y: 10 + 20 * index, width: 50, height: 14), confidence: 0.95)
            })
        }
        return RecognizedText(width: image.width, height: image.height, lines: lines)
    }
}

@Suite("Document extraction on the server")
struct DocumentExtractionTests {
    /// A plain page of `height` rows, as PNG.
    static func page(height: Int) throws -> [UInt8] {
        try ImageCodecs.encode(Image(width: 200, height: height, format: .rgb, fill: 240),
                               forPath: "page.png")
    }

    static func waitForResult(_ client: some TestClientProtocol, _ test: TestServer, id: String) async throws -> [String: Any] {
        try await settled(client, "/v1/documents/\(id)", headers: test.headers())
    }

    // On SQLite only: the in-process servers of all tests on PostgreSQL share one job queue, so a
    // server without this recogniser could take the job.
    @Test("two photos of one receipt become one document, the lines they share counted once")
    func multiPageReceipt() async throws {
        let backend = Backend.sqlite
        let recognizer = ScriptedTextRecognizer(pages: [
            120: ["CORNER SHOP", "12 HIGH STREET", "2025-03-12 14:05", "MILK 2.50", "BREAD 3.10"],
            140: ["BREAD 3.10", "SUBTOTAL 5.60", "TAX 0.45", "TOTAL 6.05", "VISA ****1234"],
        ])
        let test = try await TestServer(backend, textRecognizer: { recognizer })
        defer { test.remove() }
        let body = try JSONSerialization.data(withJSONObject: ["pages": [try Self.page(height: 120), try Self.page(height: 140)].map { Data($0).base64EncodedString() }])
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/documents?type=auto", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                   body: ByteBuffer(bytes: body))
            #expect(created.status == .accepted)
            let id = try #require(created.json["documentId"] as? String)
            var shown = try await Self.waitForResult(client, test, id: id)
            if shown["status"] as? String == "PROCESSING" { shown = try await Self.waitForResult(client, test, id: id) }
            #expect(shown["status"] as? String == "DONE")
            #expect(shown["type"] as? String == "auto")
            #expect(shown["resolvedType"] as? String == "receipt")
            #expect(shown["extractionError"] == nil)
            let receipt = try #require(shown["extraction"] as? [String: Any])
            #expect((receipt["total"] as? NSNumber)?.doubleValue == 6.05)
            #expect((receipt["subtotal"] as? NSNumber)?.doubleValue == 5.60)
            #expect((receipt["tax"] as? NSNumber)?.doubleValue == 0.45)
            #expect(receipt["date"] as? String == "2025-03-12 14:05:00")
            let items = try #require(receipt["line_items"] as? [[String: Any]])
            #expect(items.count == 2, "the line both photos show is one item")
            #expect(((receipt["payment"] as? [String: Any])?["card_number"] as? String) == "1234")
            // The extracted document is sealed at rest: its text is nowhere in the database file.
            if backend == .sqlite {
                for name in ["papers.sqlite", "papers.sqlite-wal"] {
                    let file = test.directory.appendingPathComponent(name)
                    guard let bytes = try? Data(contentsOf: file) else { continue }
                    #expect(bytes.range(of: Data("CORNER SHOP".utf8)) == nil, "\(name)")
                }
            }
            let deleted = try await client.execute(uri: "/v1/documents/\(id)", method: .delete, headers: test.headers())
            #expect(deleted.json["extraction"] == nil)
            #expect(deleted.json["resolvedType"] == nil)
        }
    }

    @Test("a page with no text, and a server without a recogniser, say why nothing was read")
    func failures() async throws {
        let blank = ScriptedTextRecognizer(pages: [:])
        let test = try await TestServer(textRecognizer: { blank })
        defer { test.remove() }
        let photo = try Self.page(height: 100)
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/documents?type=w2", method: .post, headers: test.headers([.contentType: "image/png"]),
                                                   body: ByteBuffer(bytes: photo))
            let id = try #require(created.json["documentId"] as? String)
            let shown = try await Self.waitForResult(client, test, id: id)
            #expect(shown["status"] as? String == "DONE")
            #expect(shown["resolvedType"] as? String == "w2")
            #expect(shown["extraction"] == nil)
            #expect((shown["extractionError"] as? [String: Any])?["code"] as? String == "NO_TEXT")
        }
        let without = try await TestServer()
        defer { without.remove() }
        try await without.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/documents", method: .post, headers: without.headers([.contentType: "image/png"]),
                                                   body: ByteBuffer(bytes: photo))
            let id = try #require(created.json["documentId"] as? String)
            let shown = try await Self.waitForResult(client, without, id: id)
            #expect(shown["status"] as? String == "DONE")
            #expect((shown["extractionError"] as? [String: Any])?["code"] as? String == "TEXT_RECOGNITION_NOT_AVAILABLE")
            #expect(shown["pages"] as? [[String: Any]] != nil)
        }
    }
}
