import Foundation
import PapersClient
import Testing

@Suite("Lens events")
struct LensEventTests {
    static func object(_ event: LensEvent) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: event.json()) as? [String: Any])
    }

    @Test("each event has exactly the keys of Veryfi Lens's examples")
    func keys() throws {
        let cases: [(LensEvent, Set<String>)] = [
            (.start(packageId: "edc8653e4c2b4ef1"), ["status", "package_id"]),
            (.thumbnail(packageId: "p", path: "/t.jpg"), ["status", "msg", "data", "package_id"]),
            (.original(packageId: "p", path: "/i.jpg", documentType: "receipt"), ["status", "msg", "data", "package_id", "document_type"]),
            (.stitchedPDF(packageId: "p", path: "/i.pdf"), ["status", "msg", "data", "package_id"]),
            (.progress(packageId: "p", percent: 68), ["status", "msg", "data", "package_id"]),
            (.removed(packageId: "p"), ["status", "msg", "package_id"]),
            (.error(packageId: "p", error: "SERVER_UNREACHABLE"), ["status", "package_id", "error"]),
            (.done(packageId: "p", data: Data(#"{"total": 12.5}"#.utf8)), ["status", "data", "package_id"]),
            (.close(queueCount: 1, sessionScanCount: 1), ["status", "queue_count", "framework-version", "session_scan_count", "framework-build"]),
        ]
        for (event, keys) in cases {
            #expect(Set(try Self.object(event).keys) == keys, "\(event)")
        }
        #expect(try Self.object(.progress(packageId: "p", percent: 68))["data"] as? Int == 68)
        #expect(try Self.object(.removed(packageId: "p"))["msg"] as? String == "clear_package")
        #expect(try (Self.object(.done(packageId: "p", data: Data(#"{"total": 12.5}"#.utf8)))["data"] as? [String: Any])?["total"] as? Double == 12.5)
        #expect(try Self.object(.close(queueCount: 0, sessionScanCount: 0))["status"] as? String == "close")
    }
}
