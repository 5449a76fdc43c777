import Foundation
import PapersClient
import Testing

@Suite("Durable upload queue")
struct UploadQueueTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("papers-queue-\(UUID().uuidString)/queue.sqlite").path
    }

    @Test("an item is kept once per sourceId and survives reopening the file")
    func durable() throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let queue = try UploadQueue(path: path)
        let (item, isNew) = try queue.enqueue(sourceId: "abc", kind: "id", files: ["/a/front.jpg", "/a/back.jpg"])
        #expect(isNew)
        #expect(item.state == .queued)
        #expect(try !queue.enqueue(sourceId: "abc", kind: "id", files: ["/other.jpg"]).isNew)
        var progressed = item
        progressed.documentId = "ref-1"
        progressed.filesSent = 1
        try queue.update(progressed)

        let reopened = try UploadQueue(path: path)
        let again = try #require(try reopened.item("abc"))
        #expect(again.files == ["/a/front.jpg", "/a/back.jpg"])
        #expect(again.documentId == "ref-1" && again.filesSent == 1)
        #expect(try reopened.pending().count == 1)
    }

    @Test("given-up items can be retried; finished ones cleared")
    func retryAndClear() throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let queue = try UploadQueue(path: path)
        var failed = try queue.enqueue(sourceId: "f", kind: "receipt", files: ["/r.jpg"]).item
        failed.state = .permanentlyFailed
        failed.attempts = 8
        try queue.update(failed)
        var done = try queue.enqueue(sourceId: "d", kind: "receipt", files: ["/s.jpg"]).item
        done.state = .processedSuccess
        try queue.update(done)
        #expect(try queue.retryFailed() == 1)
        #expect(try queue.item("f")?.state == .queued && queue.item("f")?.attempts == 0)
        #expect(try queue.clearFinished() == 1)
        #expect(try queue.items().map(\.sourceId) == ["f"])
    }

    @Test("a file that is not a queue is refused with a typed error")
    func notAQueue() throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not sqlite at all, just text that is long enough to be a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: UploadQueueError.self) { try UploadQueue(path: path) }
    }
}
