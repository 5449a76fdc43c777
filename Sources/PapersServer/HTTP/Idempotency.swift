import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// `Idempotency-Key`: the first response to a key is stored; a retry with the same key and the same
/// request gets that response again and stores nothing; the same key on a different request (an
/// uploaded image included) is a 422; a retry while the first is still running is a 409. A
/// reservation whose request died with its process expires after `reservationLifetime`.
struct Idempotency {
    let database: any ServerStore
    /// How long a reservation without a response holds its key.
    let reservationLifetime: TimeInterval

    /// A response as stored for replay (status and JSON body), with the request body the work
    /// streamed in, when it read one (hashed only when the response is stored under a key).
    struct Stored: Sendable {
        let status: Int
        let body: Data
        var streamedBody: [UInt8]?
    }

    /// What a repeated request must match: its method and path, and the SHA-256 of its body when
    /// the body is small enough to hold (JSON); an image upload's body digest is added once the
    /// image has streamed in (see ``run(key:tenantID:fingerprint:streamedBodyDigest:_:)``).
    static func fingerprint(_ request: Request, body: [UInt8]? = nil) -> String {
        fingerprint(request, digest: body.map { Self.digest($0) } ?? "")
    }

    static func fingerprint(_ request: Request, digest: String) -> String {
        "\(request.method.rawValue) \(request.uri.path) \(digest)"
    }

    /// SHA-256 in hex.
    static func digest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// Runs `work` once per key; without a key it just runs. For a request whose body the work
    /// streams (an image), `streamedBodyDigest` reads a repeated request's body and gives its
    /// SHA-256, so that a replay is only given for the same bytes.
    func run(key: String?, tenantID: String, fingerprint: String, streamedBodyDigest: (() async throws -> String)? = nil,
             _ work: () async throws -> Stored) async throws -> Response {
        guard let key, !key.isEmpty else { return Self.response(try await work(), replayed: false) }
        guard key.count <= 255 else { throw Problem.invalid("Idempotency-Key is longer than 255 characters") }
        let existing = try await database.reserveIdempotencyKey(
            tenantID: tenantID, key: key, fingerprint: fingerprint, staleBefore: now() - reservationLifetime)
        if let existing {
            guard let status = existing.status, let body = existing.body else {
                guard existing.fingerprint == fingerprint else { throw Self.reused }
                throw Problem.conflict("a request with this Idempotency-Key is still being handled")
            }
            var repeated = fingerprint
            if let streamedBodyDigest { repeated += try await streamedBodyDigest() }
            guard existing.fingerprint == repeated else { throw Self.reused }
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
        try await database.storeIdempotentResponse(tenantID: tenantID, key: key, fingerprint: fingerprint + (stored.streamedBody.map(Self.digest) ?? ""),
                                                   status: stored.status, body: stored.body)
        return Self.response(stored, replayed: false)
    }

    static var reused: Problem {
        Problem(.unprocessableContent, code: "IDEMPOTENCY_KEY_REUSED", detail: "this Idempotency-Key was used for a different request")
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
