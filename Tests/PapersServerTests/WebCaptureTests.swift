import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PapersCapture
import PapersImagingCodecs
import PapersSynthesis
import PapersVerification
import Testing
@testable import PapersServer

@Suite("Web capture")
struct WebCaptureTests {
    static func bearer(_ token: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer \(token)"
        return fields
    }

    @Test("a capture link walks one verification: frames captured by the server's session, confirm, finish; then it is used", arguments: Backend.available)
    func linkLifecycle(backend: Backend) async throws {
        let test = try await TestServer(backend)
        defer { test.remove() }
        // A passport page held still in a camera's frame (the last frame of a synthetic feed).
        let still = try #require(CaptureSequence(kind: .slideIn, seed: 3, width: 960, height: 540).frames.last).image
        let passport = Data(try ImageCodecs.encode(still, forPath: "frame.jpg", quality: 92))
        try await test.server.application().test(.router) { client in
            let plain = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
            #expect(plain.json["captureUrl"] == nil)
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                   body: ByteBuffer(string: #"{"webCapture":true,"preselectedDocumentTypes":["passport"],"language":"vi"}"#))
            #expect(created.status == .created)
            let reference = try #require(created.json["scanReference"] as? String)
            let url = try #require(created.json["captureUrl"] as? String)
            let token = String(try #require(url.split(separator: "#").last))
            #expect(url.contains("/capture#"))
            #expect(!url.split(separator: "#")[0].contains(reference), "the page address does not name the verification")
            let auth = Self.bearer(token)

            // Nothing but the genuine token opens it.
            for wrong in [reference, token + "x", String(token.dropLast(2)) + "AA", ""] {
                let refused = try await client.execute(uri: "/capture/api/session", method: .get, headers: Self.bearer(wrong))
                #expect(refused.status == .unauthorized)
                #expect(refused.json["code"] as? String == "LINK_INVALID")
            }
            let basic = try await client.execute(uri: "/capture/api/session", method: .get, headers: test.headers())
            #expect(basic.status == .unauthorized, "tenant credentials do not open the capture API")

            let session = try await client.execute(uri: "/capture/api/session", method: .get, headers: auth)
            #expect(session.status == .ok)
            #expect(session.json["language"] as? String == "vi")
            #expect(session.json["face"] as? Bool == false)
            let countries = try #require(session.json["countries"] as? [[String: Any]])
            #expect(countries.allSatisfy { ($0["documents"] as? [[String: Any]])?.allSatisfy { $0["type"] as? String == "passport" } == true })

            // Bad bodies are refused before anything is kept.
            var text = auth
            text[.contentType] = "text/plain"
            #expect(try await client.execute(uri: "/capture/api/frames/front", method: .post, headers: text, body: ByteBuffer(string: "hello")).status
                == .unsupportedMediaType)
            var jpeg = auth
            jpeg[.contentType] = "image/jpeg"
            #expect(try await client.execute(uri: "/capture/api/frames/front", method: .post, headers: jpeg,
                                             body: ByteBuffer(bytes: [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])).status == .unprocessableContent)
            #expect(try await client.execute(uri: "/capture/api/frames/side", method: .post, headers: jpeg, body: ByteBuffer(data: passport)).status
                == .badRequest)
            #expect(try await client.execute(uri: "/capture/api/finish", method: .post, headers: auth).status == .conflict,
                    "nothing is captured yet")

            // The same still, streamed: the session waits for it to hold still, then captures.
            var verdicts: [[String: Any]] = []
            for _ in 0..<40 {
                let answer = try await client.execute(uri: "/capture/api/frames/front", method: .post, headers: jpeg, body: ByteBuffer(data: passport))
                #expect(answer.status == .ok)
                verdicts.append(answer.json)
                if answer.json["captured"] as? Bool == true { break }
                try await Task.sleep(for: .milliseconds(150))
            }
            #expect(verdicts.first?["captured"] as? Bool == false, "never on the first frame")
            #expect(verdicts.last?["captured"] as? Bool == true, "\(verdicts.suffix(2))")
            let pending = try await client.execute(uri: "/capture/api/pending/front", method: .get, headers: auth)
            #expect(Data(buffer: pending.body) == passport)

            // Retake drops it; a photo by hand replaces it; confirm stores it.
            #expect(try await client.execute(uri: "/capture/api/retake/front", method: .post, headers: auth).status == .ok)
            #expect(try await client.execute(uri: "/capture/api/pending/front", method: .get, headers: auth).status == .notFound)
            #expect(try await client.execute(uri: "/capture/api/photo/front", method: .post, headers: jpeg, body: ByteBuffer(data: passport)).status == .ok)
            #expect(try await client.execute(uri: "/capture/api/confirm/front", method: .post, headers: auth).status == .ok)
            let stored = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .get, headers: test.headers())
            #expect(Data(buffer: stored.body) == passport)

            #expect(try await client.execute(uri: "/capture/api/finish", method: .post, headers: auth).status == .accepted)
            let result = try await waitForVerification(client, reference, headers: test.headers())
            #expect(result["status"] as? String == "DONE")

            // Used: the page's calls are refused; the outcome stays readable, without document data.
            for (uri, method) in [("/capture/api/session", HTTPRequest.Method.get), ("/capture/api/finish", .post), ("/capture/api/link.svg", .get)] {
                let used = try await client.execute(uri: uri, method: method, headers: auth)
                #expect(used.status == .gone)
                #expect(used.json["code"] as? String == "LINK_USED")
            }
            let status = try await client.execute(uri: "/capture/api/status", method: .get, headers: auth)
            #expect(status.json["status"] as? String == "DONE")
            #expect(status.json["decision"] as? String == result["verificationStatus"] as? String)
            let lastName = try #require((result["document"] as? [String: Any])?["lastName"] as? String)
            #expect(!String(buffer: status.body).contains(lastName))

            // Deleted: the link opens nothing.
            _ = try await client.execute(uri: "/v1/verifications/\(reference)", method: .delete, headers: test.headers())
            let afterDelete = try await client.execute(uri: "/capture/api/session", method: .get, headers: auth).status
            #expect(afterDelete == .gone || afterDelete == .unauthorized)
        }
    }

    @Test("links are signed, expire, and are limited in rate")
    func signingExpiryRate() async throws {
        let signer = TokenSigner(encryptionKey: SymmetricKey(size: .bits256), purpose: TokenSigner.captureLinks)
        let claims = CaptureLinkClaims(scanReference: "r", tenantID: "t", expiresAt: 2_000_000_000, nonce: "n")
        let token = try signer.token(for: claims)
        #expect(try signer.claims(of: token, as: CaptureLinkClaims.self, now: 1_900_000_000) == claims)
        #expect(throws: TokenSigner.Refusal.expired) { try signer.claims(of: token, as: CaptureLinkClaims.self, now: 2_000_000_001) }
        let other = TokenSigner(encryptionKey: SymmetricKey(size: .bits256), purpose: TokenSigner.captureLinks)
        #expect(throws: TokenSigner.Refusal.invalid) { try other.claims(of: token, as: CaptureLinkClaims.self, now: 1_900_000_000) }
        // Altered claims with the old signature.
        let parts = token.split(separator: ".")
        let forged = TokenSigner.base64url(try JSONEncoder().encode(CaptureLinkClaims(scanReference: "other", tenantID: "t",
                                                                                           expiresAt: 2_000_000_000, nonce: "n"))) + "." + parts[1]
        #expect(throws: TokenSigner.Refusal.invalid) { try signer.claims(of: forged, as: CaptureLinkClaims.self, now: 1_900_000_000) }

        // A bucket of 5 that refills once in 1000 s: the limit shows however slowly the requests go.
        let test = try await TestServer(.sqlite) {
            $0.captureLinkRequestsPerSecond = 0.001
            $0.captureLinkRequestBurst = 5
        }
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                   body: ByteBuffer(string: #"{"webCapture":true}"#))
            let token = String(try #require((created.json["captureUrl"] as? String)?.split(separator: "#").last))
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<7 { statuses.append(try await client.execute(uri: "/capture/api/status", method: .get, headers: Self.bearer(token)).status) }
            #expect(statuses == Array(repeating: .ok, count: 5) + [.tooManyRequests, .tooManyRequests])
            // Another link keeps its own allowance.
            let other = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                 body: ByteBuffer(string: #"{"webCapture":true}"#))
            let otherToken = String(try #require((other.json["captureUrl"] as? String)?.split(separator: "#").last))
            #expect(try await client.execute(uri: "/capture/api/status", method: .get, headers: Self.bearer(otherToken)).status == .ok)
            let wrongLanguage = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                         body: ByteBuffer(string: #"{"webCapture":true,"language":"fr"}"#))
            #expect(wrongLanguage.status == .badRequest)
        }
    }

    @Test("the offer follows the preselection; a selfie is asked for with identity verification and stored as the face")
    func offerAndFace() async throws {
        var request = VerificationRequest()
        request.preselectedCountry = "USA"
        request.preselectedDocumentTypes = [.driverLicense]
        let licence = WebCapturePlan.countries(for: request)
        #expect(licence.map(\.code) == ["USA"])
        #expect(licence.first?.documents.first?.parts.map(\.part.rawValue) == ["front", "back"])
        request.preselectedCountry = "UTO"
        request.preselectedDocumentTypes = [.passport]
        #expect(WebCapturePlan.countries(for: request).map(\.code) == ["UTO"], "a country the catalogue lacks keeps its preselection")
        #expect(WebCapturePlan.countries(for: nil).count == DocumentCatalogue.standard.countries.count)

        let test = try await TestServer(.sqlite)
        defer { test.remove() }
        let selfie = try TestServer.fixture("id-card-td1.jpg")
        try await test.server.application().test(.router) { client in
            let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                                   body: ByteBuffer(string: #"{"webCapture":true,"enableIdentityVerification":true}"#))
            let reference = try #require(created.json["scanReference"] as? String)
            let token = String(try #require((created.json["captureUrl"] as? String)?.split(separator: "#").last))
            let session = try await client.execute(uri: "/capture/api/session", method: .get, headers: Self.bearer(token))
            #expect(session.json["face"] as? Bool == true)
            var jpeg = Self.bearer(token)
            jpeg[.contentType] = "image/jpeg"
            #expect(try await client.execute(uri: "/capture/api/photo/face", method: .post, headers: jpeg, body: ByteBuffer(data: selfie)).status == .ok)
            #expect(try await client.execute(uri: "/capture/api/confirm/face", method: .post, headers: Self.bearer(token)).status == .ok)
            let record = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: test.headers())
            #expect((record.json["images"] as? [String]) == ["face"])
            #expect(try await client.execute(uri: "/capture/api/confirm/face", method: .post, headers: Self.bearer(token)).status == .conflict,
                    "a confirmed part is not confirmed twice")
        }
    }

    @Test("the page: a strict Content-Security-Policy, no inline script, nothing from elsewhere, texts in en and vi")
    func page() async throws {
        let test = try await TestServer(.sqlite)
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let page = try await client.execute(uri: "/capture", method: .get)
            #expect(page.status == .ok)
            let policy = try #require(page.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline") && policy.contains("frame-ancestors 'none'"))
            let html = String(buffer: page.body)
            #expect(html.contains(#"<script type="module" src="/capture/app.js"></script>"#))
            #expect(html.components(separatedBy: "<script").count == 2, "one script element, with a src")
            #expect(html.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "no inline event handlers")
            for asset in ["/capture", "/capture/app.js", "/capture/style.css"] {
                let body = String(buffer: try await client.execute(uri: asset, method: .get).body)
                #expect(body.range(of: #"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}"#, options: [.regularExpression, .caseInsensitive]) == nil,
                        "\(asset) loads nothing from elsewhere")
            }
            for step in ["consent", "select", "capture", "confirm", "processing", "done", "error"] { #expect(html.contains(#"id="\#(step)""#)) }
            for action in ["accept-consent", "capture", "confirm", "retake", "upload", "retry"] { #expect(html.contains(#"data-action="\#(action)""#)) }
            #expect(html.contains(#"aria-live="polite""#))
            let english = try await client.execute(uri: "/capture/api/texts/en", method: .get).json
            let vietnamese = try await client.execute(uri: "/capture/api/texts/vi", method: .get).json
            #expect(Set(english.keys) == Set(vietnamese.keys))
            #expect(vietnamese["web.confirm.retake"] as? String == "Chụp lại")
            #expect(try await client.execute(uri: "/capture/api/texts/fr", method: .get).status == .notFound)
        }
    }
}
