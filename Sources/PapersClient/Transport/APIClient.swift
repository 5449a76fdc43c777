import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PapersVerification

/// The server's API on the wire types of `PapersVerification`: one method per call the queue
/// makes, each with the `Idempotency-Key` it is given, so a retry never creates anything twice.
struct APIClient: Sendable {
    let base: String
    let authorization: String
    let http: HTTPClient
    let timeout: Duration

    init(configuration: ClientConfiguration, http: HTTPClient) {
        let text = configuration.server.absoluteString
        base = text.hasSuffix("/") ? String(text.dropLast()) : text
        authorization = "Basic " + Data("\(configuration.token):\(configuration.secret)".utf8).base64EncodedString()
        self.http = http
        timeout = configuration.requestTimeout
    }

    func createVerification(_ request: VerificationRequest, key: String) async throws -> VerificationCreated {
        let body = (try? JSONEncoder().encode(request)) ?? Data("{}".utf8)
        return try await call(.POST, "/v1/verifications", body: [UInt8](body), type: "application/json", key: key)
    }

    func uploadImage(_ bytes: [UInt8], reference: String, side: ImageSide, key: String) async throws {
        let _: ImageStored = try await call(.PUT, "/v1/verifications/\(reference)/images/\(side.rawValue)", body: bytes,
                                           type: Self.mediaType(bytes), key: key)
    }

    func finalize(_ reference: String, key: String) async throws {
        let _: VerificationCreated = try await call(.POST, "/v1/verifications/\(reference)/finalize", body: nil, type: nil, key: key)
    }

    /// The verification, long-polled: answered when its state changes or after `wait` seconds.
    func verification(_ reference: String, wait: Int) async throws -> VerificationResource {
        try await call(.GET, "/v1/verifications/\(reference)?wait=\(wait)", body: nil, type: nil, key: nil)
    }

    func createDocument(_ bytes: [UInt8], kind: String, key: String) async throws -> DocumentCreated {
        try await call(.POST, "/v1/documents?type=\(kind)", body: bytes, type: Self.mediaType(bytes), key: key)
    }

    /// The document, long-polled like ``verification(_:wait:)``.
    func document(_ id: String, wait: Int) async throws -> DocumentResource {
        try await call(.GET, "/v1/documents/\(id)?wait=\(wait)", body: nil, type: nil, key: nil)
    }

    /// The finished resource's JSON as the server sent it, for a Lens `done` event.
    func resourceJSON(_ id: String, verification: Bool) async throws -> Data {
        let resource: RawJSON = try await call(.GET, verification ? "/v1/verifications/\(id)" : "/v1/documents/\(id)", body: nil, type: nil, key: nil)
        return resource.data
    }

    /// A response kept as it came.
    struct RawJSON: Decodable {
        let data: Data
        init(from decoder: any Decoder) throws {
            data = try JSONEncoder().encode(try decoder.singleValueContainer().decode(JSONValue.self))
        }
    }

    /// JPEG or PNG, by the bytes' signature.
    static func mediaType(_ bytes: [UInt8]) -> String {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png" : "image/jpeg"
    }

    private func call<T: Decodable>(_ method: HTTPMethod, _ path: String, body: [UInt8]?, type: String?, key: String?) async throws -> T {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "User-Agent", value: "PapersClient/1")
        if let type { request.headers.add(name: "Content-Type", value: type) }
        if let key { request.headers.add(name: "Idempotency-Key", value: key) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let status: Int
        let data: Data
        let retryAfter: Duration?
        do {
            let response = try await http.execute(request, timeout: .nanoseconds(Int64(timeout.components.seconds) * 1_000_000_000))
            status = Int(response.status.code)
            retryAfter = response.headers.first(name: "Retry-After").flatMap(Int.init).map { .seconds($0) }
            let buffer = try await response.body.collect(upTo: 16 << 20)
            data = Data(buffer.readableBytesView)
        } catch {
            throw APIError(kind: .unreachable, status: nil, code: "SERVER_UNREACHABLE (\(Swift.type(of: error)))", retryAfter: nil)
        }
        guard (200..<300).contains(status) else {
            let problem = try? JSONDecoder().decode(ProblemDetails.self, from: data)
            throw APIError(kind: .refused, status: status, code: problem?.code ?? "HTTP_\(status)", retryAfter: retryAfter)
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw APIError(kind: .refused, status: status, code: "UNEXPECTED_RESPONSE", retryAfter: nil)
        }
    }
}
