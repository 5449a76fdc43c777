import Foundation
import Hummingbird
import PapersVerification

/// An RFC 9457 problem document, thrown by handlers and rendered as `application/problem+json`.
///
/// `type` is a URI naming the kind of problem (relative to the API, e.g.
/// `/problems/not-found`), `title` its fixed summary, `detail` what happened this time, and `code`
/// a stable upper-case identifier for scripts.
public struct Problem: Error, HTTPResponseError, Sendable, Hashable {
    /// The HTTP status.
    public let status: HTTPResponse.Status
    /// A stable identifier, e.g. `NOT_FOUND`.
    public let code: String
    /// What happened this time, without document data or secrets.
    public let detail: String
    /// Extra response headers (`Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields = [:]

    /// Creates a problem.
    public init(_ status: HTTPResponse.Status, code: String, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    /// The problem type URI: `/problems/` and the code in lower-case kebab form.
    public var type: String { ProblemDetails.type(forCode: code) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ProblemDetails(type: type, title: status.reasonPhrase, status: status.code, detail: detail, code: code, instance: request.uri.path)
        let data = try JSONEncoder().encode(body)
        var fields = headers
        fields[.contentType] = "application/problem+json"
        fields[.contentLength] = String(data.count)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension Problem {
    /// 404: the resource does not exist for this tenant (the same answer whether it exists for
    /// another tenant or not at all).
    static func notFound(_ what: String) -> Problem {
        Problem(.notFound, code: "NOT_FOUND", detail: "\(what) not found")
    }

    /// 400 with a field-level explanation.
    static func invalid(_ detail: String) -> Problem {
        Problem(.badRequest, code: "INVALID_REQUEST", detail: detail)
    }

    /// 401 with the Basic challenge.
    static var unauthorized: Problem {
        var problem = Problem(.unauthorized, code: "UNAUTHORIZED", detail: "HTTP Basic credentials token:secret are missing or wrong")
        problem.headers[.wwwAuthenticate] = "Basic realm=\"papers\""
        return problem
    }

    /// 429 `RATE_LIMITED` with `Retry-After`: a rate limit that frees a request in `wait` seconds.
    static func rateLimited(wait: Double) -> Problem {
        var problem = Problem(.tooManyRequests, code: "RATE_LIMITED", detail: "too many requests; retry after the time in Retry-After")
        problem.headers[.retryAfter] = String(max(1, Int(wait.rounded(.up))))
        return problem
    }

    /// 409: the resource is in a state that does not allow this request.
    static func conflict(_ detail: String) -> Problem {
        Problem(.conflict, code: "CONFLICT", detail: detail)
    }

    /// 409 `FRAME_QUOTA_EXCEEDED`: a verification holds its quota of frame batches.
    static func frameQuotaExceeded(_ quota: Int) -> Problem {
        Problem(.conflict, code: "FRAME_QUOTA_EXCEEDED", detail: "a verification holds at most \(quota) frame batches")
    }

    /// 422 for a liveness batch whose challenge this server did not issue for this verification
    /// (`LIVENESS_CHALLENGE_INVALID`) or whose time is up (`LIVENESS_CHALLENGE_EXPIRED`).
    static func livenessChallenge(expired: Bool) -> Problem {
        expired
            ? Problem(.unprocessableContent, code: "LIVENESS_CHALLENGE_EXPIRED",
                      detail: "the liveness challenge has expired; ask for a new one with POST …/liveness")
            : Problem(.unprocessableContent, code: "LIVENESS_CHALLENGE_INVALID",
                      detail: "metadata.challenge must be a liveness challenge issued for this verification")
    }

    /// 500 for failures the client cannot fix; the detail names no internals.
    static var internalError: Problem {
        Problem(.internalServerError, code: "INTERNAL_ERROR", detail: "the server failed to handle the request; it is logged")
    }
}
