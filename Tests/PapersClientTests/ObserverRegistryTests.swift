import Foundation
import NIOConcurrencyHelpers
import PapersClient
import Testing

/// An observer that counts what it is told.
final class CountingObserver: UploadObserver {
    let seen = NIOLockedValueBox<[UploadStatus]>([])
    func uploadStatusChanged(_ status: UploadStatus) { seen.withLockedValue { $0.append(status) } }
    var count: Int { seen.withLockedValue { $0.count } }
}

@Suite("Upload observers")
struct ObserverRegistryTests {
    static let status = UploadStatus.uploaded(sourceId: "s1", documentId: "d1")

    @Test("a second observer under the same key replaces the first")
    func replaces() {
        let registry = ObserverRegistry()
        let first = CountingObserver(), second = CountingObserver()
        registry.register(first, key: "receipts")
        registry.register(second, key: "receipts")
        registry.notify(Self.status)
        #expect(first.count == 0)
        #expect(second.count == 1)
        registry.unregister(key: "receipts")
        registry.notify(Self.status)
        #expect(second.count == 1)
    }

    @Test("a released observer is not called, and its key goes")
    func weak() {
        let registry = ObserverRegistry()
        var observer: CountingObserver? = CountingObserver()
        registry.register(observer!, key: "k")
        #expect(registry.keys == ["k"])
        observer = nil
        registry.notify(Self.status)
        #expect(registry.keys.isEmpty)
    }

    @Test("notifications from many threads at once all arrive")
    func concurrent() async {
        let registry = ObserverRegistry()
        let observer = CountingObserver()
        registry.register(observer, key: "k")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    for step in 0..<250 {
                        registry.notify(.uploadFailedAttempt(sourceId: "s\(index)", attempt: step, cause: "test"))
                        if step % 50 == 0 { registry.register(observer, key: "k") }
                    }
                }
            }
        }
        #expect(observer.count == 2000)
    }

    @Test("statuses name themselves as the CLI's JSON does")
    func names() {
        #expect(UploadStatus.uploadPermanentlyFailed(sourceId: "s", cause: "HTTP 422").name == "uploadPermanentlyFailed")
        #expect(UploadStatus.processedSuccess(sourceId: "s", documentId: "d").documentId == "d")
        #expect(UploadStatus.uploadFailedAttempt(sourceId: "s", attempt: 2, cause: "x").cause == "x")
    }
}
