import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
@testable import PapersServer

/// A callback receiver on loopback that answers the first `failures` requests with 500.
final class CallbackReceiver: Sendable {
    struct Delivery: Sendable {
        let body: Data
        let signature: String?
        let eventID: String?
    }

    let received = NIOLockedValueBox<[Delivery]>([])
    let failures: Int

    init(failures: Int) {
        self.failures = failures
    }

    func application(port: NIOLockedValueBox<Int>) -> some ApplicationProtocol {
        let router = Router()
        // A receiver that bounces the POST elsewhere: 307 keeps the method and the body.
        router.post("bounce") { _, _ -> Response in
            Response(status: .temporaryRedirect, headers: [.location: "/hook"])
        }
        router.post("hook") { request, context -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let count = self.received.withLockedValue { list in
                list.append(Delivery(body: Data(buffer: body), signature: request.headers[HTTPField.Name("Papers-Signature")!],
                                     eventID: request.headers[HTTPField.Name("Papers-Event-Id")!]))
                return list.count
            }
            return count <= self.failures ? .internalServerError : .ok
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: { channel in
            port.withLockedValue { $0 = channel.localAddress?.port ?? 0 }
        })
    }
}

/// A callback receiver that never answers until released, counting the requests it holds.
final class SilentReceiver: Sendable {
    let holding = NIOLockedValueBox((now: 0, most: 0))
    let released = NIOLockedValueBox(false)

    func application(port: NIOLockedValueBox<Int>) -> some ApplicationProtocol {
        let router = Router()
        router.post("hook") { _, _ -> HTTPResponse.Status in
            self.holding.withLockedValue { $0.now += 1; $0.most = max($0.most, $0.now) }
            defer { self.holding.withLockedValue { $0.now -= 1 } }
            while !self.released.withLockedValue({ $0 }) {
                try await Task.sleep(for: .milliseconds(50))
            }
            return .ok
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), onServerRunning: { channel in
            port.withLockedValue { $0 = channel.localAddress?.port ?? 0 }
        })
    }
}

@Suite("Callbacks")
struct CallbackTests {
    @Test("a receiver that never answers holds at most its tenant's share of senders and no processing worker; shutdown hands its callbacks back")
    func silentReceiverStallsNobody() async throws {
        let receiver = SilentReceiver()
        let port = NIOLockedValueBox(0)
        let test = try await TestServer {
            $0.callbacks.timeout = 600  // longer than the test: only senders of their own free the worker
            $0.callbacks.maximumPerTenant = 3
            $0.shutdownGracePeriod = .seconds(1)
            $0.allowPrivateCallbacks = true  // the receiver listens on loopback
        }
        defer { test.remove() }
        try await receiver.application(port: port).test(.live) { _ in
            defer { receiver.released.withLockedValue { $0 = true } }
            let hook = "http://127.0.0.1:\(port.withLockedValue { $0 })/hook"
            try await test.server.application().test(.router) { client in
                for _ in 0..<8 {
                    let created = try await client.execute(
                        uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                        body: ByteBuffer(string: #"{"callbackUrl":"\#(hook)"}"#))
                    let reference = try #require(created.json["scanReference"] as? String)
                    _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
                }
                // Generous: on a loaded machine eight verifications can take a minute to decide.
                let deadline = Date().addingTimeInterval(300)
                while receiver.holding.withLockedValue({ $0.now }) < 3, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(receiver.holding.withLockedValue { $0.now } == 3)
                // Another tenant's verification is processed while the receiver holds its senders.
                let other = try await test.otherTenant()
                let created = try await client.execute(uri: "/v1/verifications", method: .post,
                                                       headers: test.headers([.contentType: "application/json"], authorization: other),
                                                       body: ByteBuffer(string: "{}"))
                let reference = try #require(created.json["scanReference"] as? String)
                _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers(authorization: other))
                let outcome = try await waitForVerification(client, reference, headers: test.headers(authorization: other), seconds: 60)
                #expect(outcome["status"] as? String == "DONE")
                #expect(receiver.holding.withLockedValue { $0.most } == 3)
            }
            // The server stopped within its grace period (not the callbacks' 600 s timeout), and
            // every callback is back in the queue, not one attempt spent.
            let store = try #require(test.server.database as? SQLiteStore)
            let jobs = try await store.read { db in
                try Row.fetchAll(db, sql: "SELECT state, attempts FROM jobs WHERE kind = 'deliverCallback'")
                    .map { (state: $0["state"] as String, attempts: $0["attempts"] as Int) }
            }
            #expect(jobs.count == 8)
            #expect(jobs.allSatisfy { $0.state == "queued" && $0.attempts == 0 })
        }
    }

    @Test("callback slots: a tenant or a host at its cap waits; a released slot is free again")
    func slots() {
        let slots = CallbackSlots(perTenant: 2, perHost: 3)
        #expect(slots.acquire(tenant: "a", host: "x"))
        #expect(slots.acquire(tenant: "a", host: "x"))
        #expect(!slots.acquire(tenant: "a", host: "y"))
        #expect(slots.acquire(tenant: "b", host: "x"))
        #expect(!slots.acquire(tenant: "c", host: "x"))
        #expect(slots.acquire(tenant: "c", host: "y"))
        slots.release(tenant: "a", host: "x")
        #expect(slots.acquire(tenant: "a", host: "y"))
        #expect(slots.inFlight == 4)
    }
    @Test("a finished verification is POSTed, signed, retried after a failure with the same eventId, and every attempt is recorded", arguments: Backend.available)
    func deliveredWithRetry(backend: Backend) async throws {
        let receiver = CallbackReceiver(failures: 1)
        let port = NIOLockedValueBox(0)
        let test = try await TestServer(backend) {
            $0.callbacks.initialDelay = 0.2
            $0.allowPrivateCallbacks = true  // the receiver listens on loopback
        }
        defer { test.remove() }
        let receiverApp = receiver.application(port: port)
        try await receiverApp.test(.live) { _ in
            let hook = "http://127.0.0.1:\(port.withLockedValue { $0 })/hook"
            try await test.server.application().test(.router) { client in
                let created = try await client.execute(
                    uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                    body: ByteBuffer(string: #"{"callbackUrl":"\#(hook)","customerInternalReference":"cb-1"}"#))
                let reference = try #require(created.json["scanReference"] as? String)
                _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
                // Generous: on PostgreSQL another test's server may hold the retry while the suite
                // keeps both cores busy.
                let deadline = Date().addingTimeInterval(120)
                while receiver.received.withLockedValue({ $0.count }) < 2, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                let deliveries = receiver.received.withLockedValue { $0 }
                #expect(deliveries.count == 2)
                guard deliveries.count == 2 else { return }
                #expect(deliveries[0].body == deliveries[1].body)
                #expect(deliveries[0].eventID == deliveries[1].eventID)
                let signature = try #require(deliveries[1].signature)
                #expect(WebhookSignature.verify(header: signature, body: deliveries[1].body, secret: test.credentials.webhookSecret))
                #expect(!WebhookSignature.verify(header: signature, body: deliveries[1].body, secret: "whsec_wrong"))
                let json = try #require(try JSONSerialization.jsonObject(with: deliveries[1].body) as? [String: Any])
                #expect(json["scanReference"] as? String == reference)
                #expect(json["verificationStatus"] as? String == "NO_ID_UPLOADED")
                #expect(json["type"] as? String == "verification.completed")
                #expect(json["document"] == nil)
                let eventID = try #require(json["eventId"] as? String)
                #expect(eventID == deliveries[1].eventID)
                // The second attempt's record may land just after the receiver answered.
                var attempts: [(attempt: Int, statusCode: Int?)] = []
                while attempts.count < 2, Date() < deadline {
                    attempts = try await test.server.database.deliveryAttempts(eventID: eventID)
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(attempts.map(\.statusCode) == [500, 200])
            }
        }
    }

    @Test("a redirect is a failed attempt, never followed")
    func redirectsNotFollowed() async throws {
        let receiver = CallbackReceiver(failures: 0)
        let port = NIOLockedValueBox(0)
        let test = try await TestServer {
            $0.callbacks.initialDelay = 60
            $0.allowPrivateCallbacks = true  // the receiver listens on loopback
        }
        defer { test.remove() }
        try await receiver.application(port: port).test(.live) { _ in
            let hook = "http://127.0.0.1:\(port.withLockedValue { $0 })/bounce"
            try await test.server.application().test(.router) { client in
                let created = try await client.execute(
                    uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                    body: ByteBuffer(string: #"{"callbackUrl":"\#(hook)"}"#))
                let reference = try #require(created.json["scanReference"] as? String)
                _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
                let deadline = Date().addingTimeInterval(240)
                var attempts: [(attempt: Int, statusCode: Int?)] = []
                while attempts.isEmpty, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                    if let eventID = try await test.eventIDs(of: reference).first {
                        attempts = try await test.server.database.deliveryAttempts(eventID: eventID)
                    }
                }
                #expect(attempts.map(\.statusCode) == [307])
                try await Task.sleep(for: .milliseconds(300))
                #expect(receiver.received.withLockedValue { $0.isEmpty })
            }
        }
    }

    @Test("at delivery, a host that resolves inside is refused", arguments: ["localhost", "127.0.0.1", "::1"])
    func resolvedInside(host: String) async {
        #expect(await CallbackHostCheck.nonPublicKind(of: "http://\(host.contains(":") ? "[\(host)]" : host):9/hook") == .loopback)
        #expect(CallbackHostCheck.resolve("localhost") == .loopback)
    }

    // On SQLite only: the in-process servers of all tests on PostgreSQL share one job and
    // callback queue, so another test's server, with its own callback settings, can take this
    // verification's jobs or its callback.
    @Test("event bodies are sealed at rest; DELETE empties them and cancels pending callbacks")
    func deletionSilencesCallbacks() async throws {
        let backend = Backend.sqlite
        // Every attempt fails, and retries come quickly: only the DELETE can stop them.
        let receiver = CallbackReceiver(failures: 1000)
        let port = NIOLockedValueBox(0)
        let test = try await TestServer(backend) {
            $0.callbacks.initialDelay = 0.3
            $0.allowPrivateCallbacks = true  // the receiver listens on loopback
        }
        defer { test.remove() }
        try await receiver.application(port: port).test(.live) { _ in
            let hook = "http://127.0.0.1:\(port.withLockedValue { $0 })/hook"
            try await test.server.application().test(.router) { client in
                let created = try await client.execute(
                    uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                    body: ByteBuffer(string: #"{"callbackUrl":"\#(hook)","customerInternalReference":"order-secret-77"}"#))
                let reference = try #require(created.json["scanReference"] as? String)
                _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
                let deadline = Date().addingTimeInterval(240)
                while receiver.received.withLockedValue({ $0.isEmpty }), Date() < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(!receiver.received.withLockedValue { $0.isEmpty })
                if backend == .sqlite {
                    let bodies = try await test.eventBodies(of: reference)
                    #expect(!bodies.isEmpty)
                    #expect(bodies.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("order-secret-77") })
                }
                _ = try await client.execute(uri: "/v1/verifications/\(reference)", method: .delete, headers: test.headers())
                let afterDelete = receiver.received.withLockedValue { $0.count }
                try await Task.sleep(for: .milliseconds(1500))
                // At most an attempt already in flight lands after the DELETE.
                #expect(receiver.received.withLockedValue { $0.count } <= afterDelete + 1)
                if backend == .sqlite {
                    #expect(try await test.eventBodies(of: reference).allSatisfy(\.isEmpty))
                }
            }
        }
    }

    @Test("signatures: the header verifies only with the same secret, body and a fresh timestamp")
    func signature() {
        let body = Data(#"{"eventId":"e"}"#.utf8)
        let now = Date()
        let header = WebhookSignature.header(body: body, secret: "whsec_a", timestamp: Int(now.timeIntervalSince1970))
        #expect(header.hasPrefix("t=") && header.contains(",v1="))
        #expect(WebhookSignature.verify(header: header, body: body, secret: "whsec_a", now: now))
        #expect(!WebhookSignature.verify(header: header, body: Data(#"{"eventId":"f"}"#.utf8), secret: "whsec_a", now: now))
        #expect(!WebhookSignature.verify(header: header, body: body, secret: "whsec_b", now: now))
        #expect(!WebhookSignature.verify(header: header, body: body, secret: "whsec_a", now: now.addingTimeInterval(3600)))
        #expect(!WebhookSignature.verify(header: "garbage", body: body, secret: "whsec_a", now: now))
    }

    @Test("backoff doubles from the initial delay up to the maximum")
    func backoff() {
        let policy = CallbackPolicy()
        #expect(policy.delay(afterAttempt: 1) == 10)
        #expect(policy.delay(afterAttempt: 2) == 20)
        #expect(policy.delay(afterAttempt: 5) == 160)
        #expect(policy.delay(afterAttempt: 40) == 3600)
        #expect(policy.giveUpAfter >= 86_400)
    }
}
