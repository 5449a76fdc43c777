import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PapersServer

@Suite("Long polls and idempotent documents")
struct LongPollAndIdempotencyTests {
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!

    @Test("GET ?wait= answers when processing ends; a pending one at once; a bad wait is a 400", arguments: Backend.available)
    func verificationLongPoll(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            // Only its client changes a pending verification: answered at once, still PENDING.
            let pending = try await client.execute(uri: "/v1/verifications/\(reference)?wait=30", method: .get, headers: test.headers())
            #expect(pending.json["status"] as? String == "PENDING")

            _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            // One request, no polling: it answers once the worker has decided.
            var shown = try await client.execute(uri: "/v1/verifications/\(reference)?wait=30", method: .get, headers: test.headers()).json
            // Under the full suite the job may queue behind other tests' work for longer than one poll.
            if !isFinal(shown) {
                shown = try await settled(client, "/v1/verifications/\(reference)", headers: test.headers())
            }
            #expect(shown["status"] as? String == "DONE")
            #expect(shown["verificationStatus"] as? String == "NO_ID_UPLOADED")
            // How soon a long poll answers is tested against a `papers serve` process
            // (ServeCLITests): in-process timers run late under the full suite.
            for bad in ["31", "-1", "soon", "1.5"] {
                let refused = try await client.execute(uri: "/v1/verifications/\(reference)?wait=\(bad)", method: .get, headers: test.headers())
                #expect(refused.status == .badRequest, "wait=\(bad)")
            }
        }
    }

    @Test("POST /v1/documents with an Idempotency-Key creates one document; another image under the key is a 422", arguments: Backend.available)
    func idempotentDocuments(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("id-card-td1.jpg")
        let other = try TestServer.fixture("passport-td3.jpg")
        try await test.server.application().test(.router) { client in
            let headers = test.headers([.contentType: "image/jpeg", Self.idempotencyKey: "receipt-77"])
            let first = try await client.execute(uri: "/v1/documents?type=receipt", method: .post, headers: headers, body: ByteBuffer(bytes: photo))
            #expect(first.status == .accepted)
            let id = try #require(first.json["documentId"] as? String)
            let second = try await client.execute(uri: "/v1/documents?type=receipt", method: .post, headers: headers, body: ByteBuffer(bytes: photo))
            #expect(second.status == .accepted)
            #expect(second.json["documentId"] as? String == id)
            #expect(second.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            let changed = try await client.execute(uri: "/v1/documents?type=receipt", method: .post, headers: headers, body: ByteBuffer(bytes: other))
            #expect(changed.status == .unprocessableContent)
            let otherType = try await client.execute(uri: "/v1/documents?type=w2", method: .post, headers: headers, body: ByteBuffer(bytes: photo))
            #expect(otherType.status == .unprocessableContent)
            // The document itself is long-polled to its end.
            let shown = try await client.execute(uri: "/v1/documents/\(id)?wait=30", method: .get, headers: test.headers()).json
            #expect(["DONE", "PROCESSING"].contains(shown["status"] as? String ?? ""))
        }
    }

    // In-process timers run late under the full suite's CPU-bound tests: the notified waiter's own
    // timer is an hour, so only the notification can wake it (the time limit catches a hang).
    @Test("a notified waiter wakes; an unnotified one after its time; a cancelled one at once", .timeLimit(.minutes(10)))
    func waiters() async throws {
        let waiters = StateWaiters()
        async let woken: Void = waiters.wait(for: "a", upTo: .seconds(3600))
        while waiters.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        waiters.notify("a")
        await woken
        await waiters.wait(for: "b", upTo: .milliseconds(50))
        #expect(waiters.count == 0)
        let task = Task { await waiters.wait(for: "c", upTo: .seconds(3600)) }
        while waiters.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        await task.value
        #expect(waiters.count == 0)
    }
}
