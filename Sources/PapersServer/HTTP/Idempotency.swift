import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// `Idempotency-Key`: the first response to a key is stored; a retry with the same key and the same
/// request gets that response again and stores nothing; the same key on a different request is a
/// 422; a retry while the first is still running is a 409.
struct Idempotency {
    let database: any ServerStore

    /// A response as stored for replay (status and JSON body).
    struct Stored: Sendable {
        let status: Int
        let body: Data
    }

    /// What a repeated request must match: its method and path, and the SHA-256 of its body when
    /// the body is small enough to hold (JSON); image uploads are matched on method and path.
    static func fingerprint(_ request: Request, body: [UInt8]? = nil) -> String {
        let digest = body.map { SHA256.hash(data: $0).map { String(format: "%02x", $0) }.joined() } ?? ""
        return "\(request.method.rawValue) \(request.uri.path) \(digest)"
    }

    /// Runs `work` once per key; without a key it just runs.
    func run(key: String?, tenantID: String, fingerprint: String, _ work: () async throws -> Stored) async throws -> Response {
        guard let key, !key.isEmpty else { return Self.response(try await work(), replayed: false) }
        guard key.count <= 255 else { throw Problem.invalid("Idempotency-Key is longer than 255 characters") }
        let existing = try await database.reserveIdempotencyKey(tenantID: tenantID, key: key, fingerprint: fingerprint)
        if let existing {
            guard existing.fingerprint == fingerprint else {
                throw Problem(.unprocessableContent, code: "IDEMPOTENCY_KEY_REUSED", detail: "this Idempotency-Key was used for a different request")
            }
            guard let status = existing.status, let body = existing.body else {
                throw Problem.conflict("a request with this Idempotency-Key is still being handled")
            }
            return Self.response(Stored(status: status, body: body), replayed: true)
        }
        let stored: Stored
        do {
            stored = try await work()
        } catch {
            // A failed first attempt leaves nothing behind, so the client may retry with the same key.
            try? await database.releaseIdempotencyKey(tenantID: tenantID, key: key)
            throw error
        }
        try await database.storeIdempotentResponse(tenantID: tenantID, key: key, status: stored.status, body: stored.body)
        return Self.response(stored, replayed: false)
    }

    static func response(_ stored: Stored, replayed: Bool) -> Response {
        var headers: HTTPFields = [:]
        if replayed { headers[HTTPField.Name("Idempotent-Replayed")!] = "true" }
        return JSONResponse.make(HTTPResponse.Status(code: stored.status), data: stored.body, headers: headers)
    }

    static func encode(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Stored {
        Stored(status: status.code, body: try JSONResponse.encoder.encode(value))
    }
}
