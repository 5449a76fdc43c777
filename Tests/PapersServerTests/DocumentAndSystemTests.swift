import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PapersImaging
import PapersImagingCodecs
import Testing
@testable import PapersServer

@Suite("Documents, retention and system routes")
struct DocumentAndSystemTests {
    @Test("a receipt upload is queued, processed and deletable", arguments: Backend.available)
    func documents(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("id-card-td1.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/documents?type=receipt", method: .post, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            #expect(created.status == .accepted)
            let id = try #require(created.json["documentId"] as? String)
            let shown = try await settled(client, "/v1/documents/\(id)", headers: test.headers())
            #expect(shown["status"] as? String == "DONE")
            #expect(shown["type"] as? String == "receipt")
            let pages = try #require(shown["pages"] as? [[String: Any]])
            #expect(pages.count == 1)
            let decoded = try ImageCodecs.decode([UInt8](photo))
            #expect(pages.first?["width"] as? Int == decoded.width)
            #expect(pages.first?["height"] as? Int == decoded.height)
            let deleted = try await client.execute(uri: "/v1/documents/\(id)", method: .delete, headers: test.headers())
            #expect(deleted.json["status"] as? String == "DELETED")
            #expect(deleted.json["pages"] == nil)
            #expect(!FileManager.default.fileExists(atPath: test.directory.appendingPathComponent("images/\(id)").path))
            let badType = try await client.execute(uri: "/v1/documents?type=invoice", method: .post, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            #expect(badType.status == .badRequest)
            let other = try await test.otherTenant()
            let foreign = try await client.execute(uri: "/v1/documents/\(id)", method: .get, headers: test.headers(authorization: other))
            #expect(foreign.status == .notFound)
        }
    }

    @Test("a document's pages come back as one PDF, the JPEG as uploaded; deleted, there is none", arguments: Backend.available)
    func pagesAsPDF(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        let photo = try TestServer.fixture("id-card-td1.jpg")
        let png = try ImageCodecs.encode(Image(width: 90, height: 160, format: .rgb, fill: 230), forPath: "page.png")
        let body = try JSONSerialization.data(withJSONObject: ["pages": [Data(photo), Data(png)].map { $0.base64EncodedString() }])
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/documents?type=receipt", method: .post,
                                                   headers: test.headers([.contentType: "application/json"]), body: ByteBuffer(data: body))
            #expect(created.status == .accepted)
            let id = try #require(created.json["documentId"] as? String)
            let pdf = try await client.execute(uri: "/v1/documents/\(id)/pdf", method: .get, headers: test.headers())
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            let bytes = [UInt8](buffer: pdf.body)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("%PDF-") && text.contains("/Count 2") && text.contains("/MediaBox [0 0 90 160]"))
            #expect(bytes.firstRange(of: [UInt8](photo)) != nil)
            let other = try await test.otherTenant()
            let foreign = try await client.execute(uri: "/v1/documents/\(id)/pdf", method: .get, headers: test.headers(authorization: other))
            #expect(foreign.status == .notFound)
            _ = try await client.execute(uri: "/v1/documents/\(id)?wait=30", method: .get, headers: test.headers())
            _ = try await client.execute(uri: "/v1/documents/\(id)", method: .delete, headers: test.headers())
            let gone = try await client.execute(uri: "/v1/documents/\(id)/pdf", method: .get, headers: test.headers())
            #expect(gone.status == .notFound)
        }
    }

    @Test("retention deletes what is older than the period")
    func retention() async throws {
        let test = try await TestServer { $0.retentionDays = 30 }
        defer { test.remove() }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let reference = try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            let reference = try #require(created.json["scanReference"] as? String)
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .put, headers: test.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
            return reference
        }
        let sweeper = RetentionSweeper(services: test.server.services)
        #expect(try await sweeper.sweep(olderThanDays: 30) == 0)
        #expect(try await sweeper.sweep(olderThanDays: 30, now: Date().timeIntervalSince1970 + 31 * 86_400) == 1)
        let record = try await test.server.database.verification(reference, tenantID: nil)
        #expect(record?.state == .deleted)
        #expect(record?.request == nil)
        #expect(!FileManager.default.fileExists(atPath: test.directory.appendingPathComponent("images/\(reference)").path))
    }

    @Test("with a metrics token, /metrics needs it; /health does not")
    func metricsToken() async throws {
        let test = try await TestServer { $0.metricsToken = "mt_secret" }
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let without = try await client.execute(uri: "/metrics", method: .get)
            #expect(without.status == .unauthorized)
            let wrong = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer mt_other"])
            #expect(wrong.status == .unauthorized)
            let right = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer mt_secret"])
            #expect(right.status == .ok)
            #expect(String(buffer: right.body).contains("papers_http_requests_total"))
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }

    @Test("repeated failed authentications throttle the token, even with the right secret")
    func authenticationThrottle() async throws {
        // One failure a minute: the next attempt is throttled however slowly a loaded machine runs.
        let test = try await TestServer { $0.authenticationFailuresPerMinute = 1 }
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let wrong = "Basic " + Data("\(test.credentials.token):sec_wrong".utf8).base64EncodedString()
            let first = try await client.execute(uri: "/v1/verifications", method: .get, headers: [.authorization: wrong])
            #expect(first.status == .unauthorized)
            let throttled = try await client.execute(uri: "/v1/verifications", method: .get, headers: [.authorization: wrong])
            #expect(throttled.status == .tooManyRequests)
            #expect(throttled.json["code"] as? String == "AUTHENTICATION_THROTTLED")
            #expect(throttled.headers[.retryAfter] != nil)
            let right = try await client.execute(uri: "/v1/verifications", method: .get, headers: test.headers())
            #expect(right.status == .tooManyRequests)
            // Another tenant's token is not affected.
            let other = try await test.otherTenant()
            #expect(try await client.execute(uri: "/v1/verifications", method: .get, headers: [.authorization: other]).status == .ok)
        }
    }

    @Test("health, metrics and the OpenAPI document answer without credentials")
    func system() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            #expect(health.json["status"] as? String == "ok")
            _ = try await client.execute(uri: "/v1/verifications", method: .get, headers: test.headers())
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            let text = String(buffer: metrics.body)
            #expect(text.contains("# TYPE papers_http_requests_total counter"))
            #expect(text.contains(#"papers_http_requests_total{method="GET",route="/v1/verifications",status="200"} 1"#))
            #expect(text.contains(#"papers_jobs{state="queued"} 0"#))
            let spec = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(spec.status == .ok)
            #expect(String(buffer: spec.body).hasPrefix("openapi: 3."))
        }
    }
}

@Suite("Methods")
struct MethodTests {
    @Test("a known path asked with another method is 405 with Allow; an unknown path is 404")
    func methodNotAllowed() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let wrong = try await client.execute(uri: "/v1/verifications/abc/finalize", method: .get, headers: test.headers())
            #expect(wrong.status == .methodNotAllowed)
            #expect(wrong.headers[.allow] == "POST")
            #expect(wrong.headers[.contentType] == "application/problem+json")
            let unknown = try await client.execute(uri: "/v1/nothing-here", method: .get, headers: test.headers())
            #expect(unknown.status == .notFound)
        }
    }
}
