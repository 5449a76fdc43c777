import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOConcurrencyHelpers
import GRDB
import PostgresNIO
import Testing
@testable import PapersServer

@Suite("Verification API")
struct VerificationAPITests {
    @Test("create → upload → finalize → decided, stored sealed, readable back", arguments: Backend.available)
    func fullFlow(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/verifications", method: .post,
                headers: test.headers([.contentType: "application/json"]),
                body: ByteBuffer(string: #"{"customerInternalReference":"order-17","enableIdentityVerification":true}"#))
            #expect(created.status == .created)
            let reference = try #require(created.json["scanReference"] as? String)
            #expect(created.json["status"] as? String == "PENDING")

            let upload = try await client.execute(
                uri: "/v1/verifications/\(reference)/images/front", method: .put,
                headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            #expect(upload.status == .created)
            #expect(upload.json["byteCount"] as? Int == photo.count)

            // At rest the image is sealed: the stored bytes hold no JPEG.
            if backend == .sqlite {
                let stored = try Data(contentsOf: test.directory.appendingPathComponent("images/\(reference)/front.sealed"))
                #expect(stored.starts(with: Data("PSF1".utf8)))
                #expect(stored.range(of: photo.prefix(64)) == nil)
            }

            let finalized = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            #expect(finalized.status == .accepted)

            let result = try await waitForVerification(client, reference, headers: test.headers())
            #expect(result["status"] as? String == "DONE")
            let document = try #require(result["document"] as? [String: Any])
            #expect(document["lastName"] as? String == "ERIKSSON")
            #expect(document["extractionMethod"] as? String == "MRZ")
            let checks = try #require(result["checks"] as? [String: Any])
            #expect(checks["mrzCheckDigits"] as? String == "OK")
            // The sample passport expired on 2026-07-05: never approved after that day.
            #expect(result["verificationStatus"] as? String == "DENIED_UNSUPPORTED_ID_TYPE")
            #expect((result["rejectReason"] as? [String: Any])?["code"] as? String == "DOCUMENT_EXPIRED")
            #expect(result["customerInternalReference"] as? String == "order-17")
            let identity = try #require(result["identityVerification"] as? [String: Any])
            #expect(identity["similarity"] as? String == "NOT_POSSIBLE")

            let image = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .get, headers: test.headers())
            #expect(image.status == .ok)
            #expect(image.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: image.body) == photo)

            // No more uploads after finalize.
            let late = try await client.execute(
                uri: "/v1/verifications/\(reference)/images/back", method: .put,
                headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            #expect(late.status == .conflict)
        }
    }

    @Test("finalize without a front image decides NO_ID_UPLOADED", arguments: Backend.available)
    func noImage(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            let result = try await waitForVerification(client, reference, headers: test.headers())
            #expect(result["verificationStatus"] as? String == "NO_ID_UPLOADED")
            #expect((result["rejectReason"] as? [String: Any])?["code"] as? String == "NO_DOCUMENT")
        }
    }

    @Test("credentials are required, and a tenant never sees another's verification", arguments: Backend.available)
    func authenticationAndIsolation(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let other = try await test.otherTenant()
        try await test.server.application().test(.router) { client in
            let anonymous = try await client.execute(uri: "/v1/verifications", method: .post)
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.headers[.contentType] == "application/problem+json")
            #expect(anonymous.headers[.wwwAuthenticate] != nil)
            var wrong = test.credentials
            wrong = TenantCredentials(token: wrong.token, secret: wrong.secret + "x", webhookSecret: "")
            let badSecret = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers(authorization: TestServer.basic(wrong)))
            #expect(badSecret.status == .unauthorized)

            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let foreign = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers(authorization: other))
            #expect(foreign.status == .notFound)
            let missing = try await client.execute(uri: "/v1/verifications/\(UUID().uuidString.lowercased())", method: .get, headers: test.headers())
            #expect(missing.status == .notFound)
            #expect(foreign.json["detail"] as? String == missing.json["detail"] as? String)
            let foreignDelete = try await client.execute(uri: "/v1/verifications/\(reference)", method: .delete, headers: test.headers(authorization: other))
            #expect(foreignDelete.status == .notFound)
        }
    }

    static let insideURLs = [
        "http://127.0.0.1:8080/hook", "http://localhost/hook", "http://LOCALHOST./hook", "http://api.localhost/hook",
        "http://2130706433/hook", "http://0x7f000001/hook", "http://0177.0.0.1/hook", "http://127.1/hook", "http://0.0.0.0/hook",
        "http://0/hook", "http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/hook", "http://172.20.0.1/hook",
        "http://192.168.1.1/hook", "http://100.64.0.1/hook", "http://[::1]/hook", "http://[::]/hook", "http://[fe80::1]/hook",
        "http://[fd00::1]/hook", "http://[::ffff:127.0.0.1]/hook", "http://[::ffff:7f00:1]/hook", "https://224.0.0.1/hook",
    ]

    @Test("a callback URL naming this machine or a private network is 422, unless the operator allows it",
          arguments: insideURLs)
    func insideCallbacksRefused(url: String) async throws {
        let body = ByteBuffer(string: #"{"callbackUrl":"\#(url)"}"#)
        let refusing = try await TestServer()
        defer { refusing.remove() }
        try await refusing.server.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/verifications", method: .post, headers: refusing.headers([.contentType: "application/json"]), body: body)
            #expect(response.status == .unprocessableContent)
            #expect(response.json["code"] as? String == "CALLBACK_URL_NOT_ALLOWED")
            #expect((response.json["detail"] as? String)?.contains("callbackUrl") == true)
            let document = try await client.execute(
                uri: "/v1/documents?type=receipt&callbackUrl=\(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
                method: .post, headers: refusing.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: try TestServer.fixture("passport-td3.jpg")))
            #expect(document.status == .unprocessableContent)
        }
        let allowing = try await TestServer { $0.allowPrivateCallbacks = true }
        defer { allowing.remove() }
        try await allowing.server.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/verifications", method: .post, headers: allowing.headers([.contentType: "application/json"]), body: body)
            #expect(response.status == .created)
        }
    }

    @Test("a public callback host is accepted", arguments: ["https://hooks.example.com/papers", "http://93.184.215.14/hook", "http://[2606:4700::1]/hook"])
    func publicCallbacksAccepted(url: String) async throws {
        let test = try await TestServer()
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                body: ByteBuffer(string: #"{"callbackUrl":"\#(url)"}"#))
            #expect(response.status == .created)
        }
    }

    @Test("bad requests get problem documents", arguments: [
        (#"{"customerInternalReference":"\#(String(repeating: "x", count: 101))"}"#, "customerInternalReference"),
        (#"{"callbackUrl":"ftp://example.com/hook"}"#, "callbackUrl"),
        (#"{"preselectedCountry":"QQQ"}"#, "preselectedCountry"),
        (#"{"enableVerification":"yes"}"#, "JSON"),
    ])
    func invalidCreate(body: String, mentions: String) async throws {
        let test = try await TestServer()
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]), body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect((response.json["detail"] as? String)?.contains(mentions) == true)
            #expect(response.json["status"] as? Int == 400)
        }
    }

    /// A PNG whose header claims `width`×`height` pixels, with one small compressed row of data:
    /// a few hundred bytes that would cost gigabytes to decode.
    static func claimingPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: (~crc).bigEndian, Array.init)
        }
        let header = withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [8, 2, 0, 0, 0]
        // A zlib stream of a few stored zero bytes.
        let data: [UInt8] = [0x78, 0x01, 0x01, 0x04, 0x00, 0xFB, 0xFF, 0, 0, 0, 0, 0x00, 0x04, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
    }

    @Test("an image claiming more pixels than the budget is refused at upload, 422 IMAGE_TOO_LARGE")
    func pixelBudget() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        let bomb = Self.claimingPNG(width: 10_000, height: 10_000)
        #expect(bomb.count < 1000)
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let upload = try await client.execute(
                uri: "/v1/verifications/\(reference)/images/front", method: .put, headers: test.headers([.contentType: "image/png"]),
                body: ByteBuffer(bytes: bomb))
            #expect(upload.status == .unprocessableContent)
            #expect(upload.json["code"] as? String == "IMAGE_TOO_LARGE")
            #expect((upload.json["detail"] as? String)?.contains("10000×10000") == true)
            let frames = try await client.execute(
                uri: "/v1/verifications/\(reference)/frames", method: .post, headers: test.headers([.contentType: "application/json"]),
                body: ByteBuffer(string: #"{"frames":[{"image":"\#(Data(bomb).base64EncodedString())"}]}"#))
            #expect(frames.status == .unprocessableContent)
            let page = try await client.execute(
                uri: "/v1/documents?type=receipt", method: .post, headers: test.headers([.contentType: "image/png"]), body: ByteBuffer(bytes: bomb))
            #expect(page.status == .unprocessableContent)
            // Within the budget, the same kind of header is only checked, not refused for its size.
            let modest = Self.claimingPNG(width: 4000, height: 3000)
            let fits = try await client.execute(
                uri: "/v1/verifications/\(reference)/images/back", method: .put, headers: test.headers([.contentType: "image/png"]),
                body: ByteBuffer(bytes: modest))
            #expect(fits.json["code"] as? String != "IMAGE_TOO_LARGE")
        }
    }

    @Test("uploads: wrong type 415, not an image 422, too large 413, lying length 400, unknown side 400")
    func badUploads() async throws {
        let test = try await TestServer { $0.maximumImageBytes = 50_000 }
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let big = try TestServer.fixture("id-card-td1.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let uri = "/v1/verifications/\(reference)/images/front"
            let gif = try await client.execute(uri: uri, method: .put, headers: test.headers([.contentType: "image/gif"]), body: ByteBuffer(bytes: photo))
            #expect(gif.status == .unsupportedMediaType)
            let text = try await client.execute(uri: uri, method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(string: "not a picture at all"))
            #expect(text.status == .unprocessableContent)
            #expect(text.json["code"] as? String == "UNDECODABLE_IMAGE")
            let truncated = try await client.execute(uri: uri, method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo.prefix(5000)))
            #expect(truncated.status == .unprocessableContent)
            let tooBig = try await client.execute(uri: uri, method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: big))
            #expect(tooBig.status == .contentTooLarge)
            let side = try await client.execute(uri: "/v1/verifications/\(reference)/images/selfie", method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            #expect(side.status == .badRequest)
            // Nothing of the refused uploads stayed behind.
            let files = (try? FileManager.default.contentsOfDirectory(atPath: test.directory.appendingPathComponent("images/\(reference)").path)) ?? []
            #expect(files.isEmpty)
            let shown = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers())
            #expect((shown.json["images"] as? [String])?.isEmpty == true)
        }
    }

    @Test("an Idempotency-Key replays the first response and stores nothing twice", arguments: Backend.available)
    func idempotentUpload(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        try await test.server.application().test(.router) { client in
            let key: [HTTPField.Name: String] = [.contentType: "application/json", HTTPField.Name("Idempotency-Key")!: "create-1"]
            let first = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers(key), body: ByteBuffer(string: "{}"))
            let again = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers(key), body: ByteBuffer(string: "{}"))
            #expect(first.status == .created && again.status == .created)
            #expect(first.json["scanReference"] as? String == again.json["scanReference"] as? String)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            let different = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers(key), body: ByteBuffer(string: #"{"userReference":"u"}"#))
            #expect(different.status == .unprocessableContent)

            let list = try await client.execute(uri: "/v1/verifications", method: .get, headers: test.headers())
            #expect((list.json["data"] as? [Any])?.count == 1)

            let reference = try #require(first.json["scanReference"] as? String)
            let uploadKey: [HTTPField.Name: String] = [.contentType: "image/jpeg", HTTPField.Name("Idempotency-Key")!: "front-1"]
            let upload1 = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .put, headers: test.headers(uploadKey), body: ByteBuffer(bytes: photo))
            let file = test.directory.appendingPathComponent("images/\(reference)/front.sealed")
            let written = backend == .sqlite ? try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date : nil
            try await Task.sleep(for: .milliseconds(20))
            let upload2 = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .put, headers: test.headers(uploadKey), body: ByteBuffer(bytes: photo))
            #expect(upload1.status == .created && upload2.status == .created)
            #expect(Data(buffer: upload1.body) == Data(buffer: upload2.body))
            if backend == .sqlite {
                #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == written)
            }
        }
    }

    @Test("an Idempotency-Key on another image answers 422; the same image is replayed", arguments: Backend.available)
    func idempotentUploadOfAnotherImage(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg"), other = try TestServer.fixture("id-card-td1.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let key: [HTTPField.Name: String] = [.contentType: "image/jpeg", HTTPField.Name("Idempotency-Key")!: "front-7"]
            let uri = "/v1/verifications/\(reference)/images/front"
            let first = try await client.execute(uri: uri, method: .put, headers: test.headers(key), body: ByteBuffer(bytes: photo))
            #expect(first.status == .created)
            let another = try await client.execute(uri: uri, method: .put, headers: test.headers(key), body: ByteBuffer(bytes: other))
            #expect(another.status == .unprocessableContent)
            #expect(another.json["code"] as? String == "IDEMPOTENCY_KEY_REUSED")
            let same = try await client.execute(uri: uri, method: .put, headers: test.headers(key), body: ByteBuffer(bytes: photo))
            #expect(same.status == .created)
            #expect(same.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            let stored = try await client.execute(uri: uri, method: .get, headers: test.headers())
            #expect(Data(buffer: stored.body) == photo)
        }
    }

    @Test("a key reserved by a request that died holds within its lifetime, expires after it, and start-up clears the leftovers",
          arguments: [false, true])
    func abandonedReservation(expired: Bool) async throws {
        // Lifetimes far from the test's own delays, so that a loaded machine cannot turn one case into the other.
        let test = try await TestServer { $0.idempotencyReservationLifetime = expired ? 0.05 : 600 }
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let uri = "/v1/verifications/\(reference)/images/front"
            // A request that reserved the key and died (kill -9 mid-upload): the reservation alone.
            let tenant = try #require(try await test.server.database.authenticate(token: test.credentials.token, secret: test.credentials.secret))
            _ = try await test.server.database.reserveIdempotencyKey(tenantID: tenant.id, key: "front-9", fingerprint: "PUT \(uri) ", staleBefore: 0)
            try await Task.sleep(for: .milliseconds(200))
            let key: [HTTPField.Name: String] = [.contentType: "image/jpeg", HTTPField.Name("Idempotency-Key")!: "front-9"]
            let retry = try await client.execute(uri: uri, method: .put, headers: test.headers(key), body: ByteBuffer(bytes: photo))
            #expect(retry.status == (expired ? .created : .conflict))
            guard expired else { return }

            // Leftovers of a dead process: a reservation and a partial upload file, both old.
            _ = try await test.server.database.reserveIdempotencyKey(tenantID: tenant.id, key: "back-9", fingerprint: "PUT x ", staleBefore: 0)
            let part = test.directory.appendingPathComponent("images/\(reference)/.back.sealed.\(UUID().uuidString).part")
            try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: part.path, contents: Data([1, 2, 3]))
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: part.path)
            try await Task.sleep(for: .milliseconds(200))
            try await PapersServer.checkStorage(configuration: test.configuration)
            #expect(!FileManager.default.fileExists(atPath: part.path))
            // The old reservation is gone: reserving the key again finds nothing.
            let entry = try await test.server.database.reserveIdempotencyKey(tenantID: tenant.id, key: "back-9", fingerprint: "PUT y ",
                                                                              staleBefore: 0)
            #expect(entry == nil)
        }
    }

    @Test("DELETE erases images and data; the resource then answers DELETED with timestamps only", arguments: Backend.available)
    func deletion(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(
                uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                body: ByteBuffer(string: #"{"customerInternalReference":"secret-ref-4711"}"#))
            let reference = try #require(created.json["scanReference"] as? String)
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            _ = try await waitForVerification(client, reference, headers: test.headers())

            let deleted = try await client.execute(uri: "/v1/verifications/\(reference)", method: .delete, headers: test.headers())
            #expect(deleted.status == .ok)
            #expect(Set(deleted.json.keys) == ["scanReference", "status", "createdAt", "updatedAt"])
            #expect(deleted.json["status"] as? String == "DELETED")
            #expect(!FileManager.default.fileExists(atPath: test.directory.appendingPathComponent("images/\(reference)").path))
            let image = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .get, headers: test.headers())
            #expect(image.status == .notFound)
            let shown = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers())
            #expect(Set(shown.json.keys) == ["scanReference", "status", "createdAt", "updatedAt"])
            if let postgres = test.server.database as? PostgresStore {
                let left = try await postgres.rows("""
                    SELECT (SELECT COUNT(*) FROM image_blobs WHERE owner_id = \(reference)) + (SELECT COUNT(*) FROM verifications
                    WHERE id = \(reference) AND (sealed_request IS NOT NULL OR sealed_result IS NOT NULL)) AS n
                    """)
                #expect(try left.first?["n"].decode(Int.self) == 0)
            }
        }
        // The database file no longer holds the sealed request or result (secure_delete zeroes freed pages).
        guard let sqlite = test.server.database as? SQLiteStore else { return }
        let rows = try await sqlite.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM verifications WHERE sealed_request IS NOT NULL OR sealed_result IS NOT NULL")
        }
        #expect(rows == 0)
    }

    @Test("lists newest first with a cursor", arguments: Backend.available)
    func pagination(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            var references: [String] = []
            for _ in 0..<3 {
                let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
                references.append(try #require(created.json["scanReference"] as? String))
            }
            let first = try await client.execute(uri: "/v1/verifications?limit=2", method: .get, headers: test.headers())
            let page1 = try #require(first.json["data"] as? [[String: Any]])
            #expect(page1.compactMap { $0["scanReference"] as? String } == [references[2], references[1]])
            #expect(first.json["hasMore"] as? Bool == true)
            let cursor = try #require(first.json["nextCursor"] as? String)
            let second = try await client.execute(uri: "/v1/verifications?limit=2&starting_after=\(cursor)", method: .get, headers: test.headers())
            let page2 = try #require(second.json["data"] as? [[String: Any]])
            #expect(page2.compactMap { $0["scanReference"] as? String } == [references[0]])
            #expect(second.json["hasMore"] as? Bool == false)
            let bad = try await client.execute(uri: "/v1/verifications?limit=0", method: .get, headers: test.headers())
            #expect(bad.status == .badRequest)
        }
    }

    @Test("frame batches are stored and return a batchId", arguments: Backend.available)
    func frames(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg").base64EncodedString()
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let body = #"{"frames":[{"image":"\#(photo)"},{"image":"\#(photo)","capturedAt":"2026-11-23T10:00:00Z"}]}"#
            let stored = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post, headers: test.headers([.contentType: "application/json"]), body: ByteBuffer(string: body))
            #expect(stored.status == .created)
            #expect(stored.json["frameCount"] as? Int == 2)
            #expect((stored.json["batchId"] as? String)?.isEmpty == false)
            let bad = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post, headers: test.headers([.contentType: "application/json"]), body: ByteBuffer(string: #"{"frames":[{"image":"aGVsbG8="}]}"#))
            #expect(bad.status == .unprocessableContent)
        }
    }

    @Test("a verification holds a bounded number of frame batches", arguments: Backend.available)
    func frameQuota(backend: Backend) async throws {
        let test = try await TestServer(backend) { $0.maximumFrameBatches = 2 }
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg").base64EncodedString()
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let body = ByteBuffer(string: #"{"frames":[{"image":"\#(photo)"}]}"#)
            var statuses: [HTTPResponse.Status] = []
            var code: String?
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post,
                                                        headers: test.headers([.contentType: "application/json"]), body: body)
                statuses.append(response.status)
                code = response.json["code"] as? String
            }
            #expect(statuses == [.created, .created, .conflict])
            #expect(code == "FRAME_QUOTA_EXCEEDED")
        }
    }

    @Test("too many requests get 429 with Retry-After")
    func rateLimit() async throws {
        let test = try await TestServer { $0.requestsPerSecond = 0.01; $0.requestBurst = 2 }
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            var retryAfter: String?
            for _ in 0..<3 {
                let response = try await client.execute(uri: "/v1/verifications", method: .get, headers: test.headers())
                statuses.append(response.status)
                retryAfter = response.headers[.retryAfter] ?? retryAfter
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests])
            #expect(retryAfter.flatMap(Int.init) ?? 0 >= 1)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends raw bytes to a loopback port and half-closes, as a client whose body is shorter than its
/// Content-Length would; returns whatever the server answered.
func sendRaw(_ text: [UInt8], port: Int) -> String {
    guard let connection = RawConnection(port: port) else { return "" }
    connection.send(text)
    shutdown(connection.fd, Int32(SHUT_WR))
    return connection.readReply()
}

@Suite("Uploads over a real connection")
struct RawUploadTests {
    @Test("a body shorter than its Content-Length stores nothing")
    func lyingLength() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let port = NIOLockedValueBox(0)
        try await test.server.application(onServerRunning: { channel in port.withLockedValue { $0 = channel.localAddress?.port ?? 0 } }).test(.live) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let head = "PUT /v1/verifications/\(reference)/images/front HTTP/1.1\r\nHost: localhost\r\nAuthorization: \(test.authorization)\r\nContent-Type: image/jpeg\r\nContent-Length: \(photo.count + 1000)\r\n\r\n"
            let port = port.withLockedValue { $0 }
            let reply = await Task.detached { sendRaw(Array(head.utf8) + Array(photo), port: port) }.value
            #expect(!reply.contains(" 201 "))
            try await Task.sleep(for: .milliseconds(200))
            let shown = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers())
            #expect((shown.json["images"] as? [String]) == [])
            let files = (try? FileManager.default.contentsOfDirectory(atPath: test.directory.appendingPathComponent("images/\(reference)").path)) ?? []
            #expect(files.isEmpty)
        }
    }
}

/// A raw loopback connection whose request is sent in parts, so that a test can act between them.
final class RawConnection: Sendable {
    let fd: Int32

    init?(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// The server's first answer (read off the cooperative threads, which the server needs).
    func reply() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.readReply()) }
        }
    }

    /// The server's first answer, waiting for it on this thread.
    func readReply() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
    }
}

@Suite("Uploads racing DELETE and finalize")
struct UploadRaceTests {
    enum Interruption: String, CaseIterable { case delete, finalize }

    /// Starts an upload, lets `interruption` happen while its body is half sent, then sends the rest.
    static func race(_ test: TestServer, port: Int, client: some TestClientProtocol, path: String, type: String, body: [UInt8],
                     reference: String, interruption: Interruption) async throws -> String {
        let connection = try #require(RawConnection(port: port))
        let head = "\(path.hasSuffix("frames") ? "POST" : "PUT") \(path) HTTP/1.1\r\nHost: localhost\r\nAuthorization: \(test.authorization)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\r\n"
        connection.send(Array(head.utf8) + body.prefix(body.count / 2))
        // The route has read the verification (PENDING) and is waiting for the rest of the body.
        try await Task.sleep(for: .milliseconds(300))
        switch interruption {
        case .delete:
            let deleted = try await client.execute(uri: "/v1/verifications/\(reference)", method: .delete, headers: test.headers())
            #expect(deleted.status == .ok)
        case .finalize:
            let finalized = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            #expect(finalized.status == .accepted)
        }
        connection.send(Array(body.dropFirst(body.count / 2)))
        return await connection.reply()
    }

    @Test("an image upload across DELETE or finalize answers 409 and leaves nothing",
          arguments: Backend.available, Interruption.allCases)
    func imageUpload(backend: Backend, interruption: Interruption) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let port = NIOLockedValueBox(0)
        try await test.server.application(onServerRunning: { channel in port.withLockedValue { $0 = channel.localAddress?.port ?? 0 } }).test(.live) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let reply = try await Self.race(test, port: port.withLockedValue { $0 }, client: client, path: "/v1/verifications/\(reference)/images/front",
                                            type: "image/jpeg", body: Array(photo), reference: reference, interruption: interruption)
            #expect(reply.hasPrefix("HTTP/1.1 409"), "\(reply.prefix(200))")
            if interruption == .finalize {
                let result = try await waitForVerification(client, reference, headers: test.headers())
                #expect(result["verificationStatus"] as? String == "NO_ID_UPLOADED")
            }
            let shown = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers())
            #expect((shown.json["images"] as? [String] ?? []) == [])
            try await Self.expectNothingStored(test, reference: reference)
        }
    }

    @Test("a frame batch across DELETE answers 409 and leaves nothing", arguments: Backend.available)
    func frameBatch(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let body = Array(#"{"frames":[{"image":"\#(photo.base64EncodedString())"}]}"#.utf8)
        let port = NIOLockedValueBox(0)
        try await test.server.application(onServerRunning: { channel in port.withLockedValue { $0 = channel.localAddress?.port ?? 0 } }).test(.live) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            let reply = try await Self.race(test, port: port.withLockedValue { $0 }, client: client, path: "/v1/verifications/\(reference)/frames",
                                            type: "application/json", body: body, reference: reference, interruption: .delete)
            #expect(reply.hasPrefix("HTTP/1.1 409"), "\(reply.prefix(200))")
            #expect(try await test.server.database.frameBatchCount(verificationID: reference) == 0)
            try await Self.expectNothingStored(test, reference: reference)
        }
    }

    /// No image file, blob or row of the verification is left.
    static func expectNothingStored(_ test: TestServer, reference: String) async throws {
        let folder = test.directory.appendingPathComponent("images/\(reference)").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") || $0.hasSuffix(".part") }
        #expect(files.isEmpty, "\(files)")
        let spool = test.directory.appendingPathComponent("spool/images/\(reference)").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).isEmpty)
        if let store = test.server.database as? PostgresStore {
            let blobs = try await store.rows("SELECT COUNT(*) AS n FROM image_blobs WHERE owner_id = \(reference)")
            #expect(try blobs.first?["n"].decode(Int.self) == 0)
        }
        if let store = test.server.database as? SQLiteStore {
            let rows = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM images WHERE owner_id = ?", arguments: [reference]) }
            #expect(rows == 0)
        }
    }
}
