import Foundation
import Testing

@Suite("papers serve: receipts and tax forms")
struct ServeTextCLITests {
    @Test("the server reads two overlapping photos of a receipt as one document with Tesseract")
    func receiptPages() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-text-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (pieces, truth) = try TextScanCLITests.pieces(in: directory.appendingPathComponent("photos"))
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", directory.appendingPathComponent("data").path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        defer { server.stop() }
        let pages = try pieces.map { try Data(contentsOf: URL(fileURLWithPath: $0)).base64EncodedString() }
        let body = try JSONSerialization.data(withJSONObject: ["pages": pages])
        let (status, created) = try await ServeCLITests.call(server.port, "POST", "/v1/documents?type=auto", auth: auth, body: body, type: "application/json")
        #expect(status == 202)
        let id = try #require(created["documentId"] as? String)
        let shown = try await ServeCLITests.settled(server.port, "/v1/documents/\(id)", auth: auth)
        #expect(shown["status"] as? String == "DONE")
        #expect(shown["resolvedType"] as? String == "receipt", "\(shown["extractionError"] ?? "")")
        let receipt = try #require(shown["extraction"] as? [String: Any])
        #expect((receipt["total"] as? NSNumber)?.doubleValue == (truth["total"] as? NSNumber)?.doubleValue)
        #expect(receipt["date"] as? String == truth["date"] as? String)
        #expect((receipt["line_items"] as? [Any])?.count == (truth["line_items"] as? [Any])?.count)
    }
}
