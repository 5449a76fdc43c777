import Foundation
import Hummingbird

/// HTTP Basic `token:secret` on every `/v1` route, then the tenant's rate limit.
struct TenantAuthMiddleware: RouterMiddleware {
    typealias Context = PapersRequestContext
    let services: ServerServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let (token, secret) = Self.credentials(request.headers[.authorization]) else { throw Problem.unauthorized }
        if let wait = services.authenticationFailures.wait(token) {
            var problem = Problem(.tooManyRequests, code: "AUTHENTICATION_THROTTLED",
                                  detail: "too many failed authentications for this token; retry after the time in Retry-After")
            problem.headers[.retryAfter] = String(max(1, Int(wait.rounded(.up))))
            throw problem
        }
        let tenant: Tenant
        if let known = services.authenticated.tenant(token: token, secret: secret) {
            tenant = known
        } else {
            guard let found = try await services.database.authenticate(token: token, secret: secret) else {
                _ = services.authenticationFailures.take(token)
                throw Problem.unauthorized
            }
            services.authenticated.remember(found, token: token, secret: secret)
            tenant = found
        }
        if let wait = services.rateLimiter.take(tenant.id) { throw Problem.rateLimited(wait: wait) }
        var context = context
        context.tenant = tenant
        return try await next(request, context)
    }

    /// Splits `Basic base64(token:secret)`.
    static func credentials(_ header: String?) -> (String, String)? {
        guard let header, header.count > 6, header.prefix(6).lowercased() == "basic " else { return nil }
        guard let data = Data(base64Encoded: header.dropFirst(6).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
}
