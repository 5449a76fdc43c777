import Foundation
import Hummingbird
import PapersCore

/// `GET /health`, `GET /metrics` (Prometheus) and `GET /openapi.yaml`; no authentication.
struct SystemRoutes {
    let services: ServerServices

    func register(on router: Router<PapersRequestContext>) {
        router.get("health", use: health)
        if services.configuration.metricsAddress == nil { registerMetrics(on: router) }
        router.get("openapi.yaml", use: openAPI)
    }

    /// `GET /metrics` alone: the router of the metrics listener (``ServerConfiguration/metricsAddress``).
    func registerMetrics(on router: Router<PapersRequestContext>) {
        router.get("metrics", use: metrics)
    }

    @Sendable func health(_ request: Request, context: PapersRequestContext) async throws -> Response {
        struct Health: Encodable { let status: String; let database: String }
        let counts = try? await services.database.jobCounts()
        return try JSONResponse.make(counts == nil ? .serviceUnavailable : .ok, Health(status: counts == nil ? "degraded" : "ok", database: counts == nil ? "unavailable" : "ok"))
    }

    @Sendable func metrics(_ request: Request, context: PapersRequestContext) async throws -> Response {
        if let token = services.configuration.metricsToken {
            let given = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
            // Compared as hashes, in constant time.
            guard TenantCredentials.matches(given, stored: TenantCredentials.hash(token)) else {
                var problem = Problem(.unauthorized, code: "UNAUTHORIZED", detail: "the metrics need Authorization: Bearer and the metrics token")
                problem.headers[.wwwAuthenticate] = "Bearer realm=\"papers-metrics\""
                throw problem
            }
        }
        let counts = (try? await services.database.jobCounts()) ?? [:]
        var gauges = ["queued", "running", "failed"].map { state in
            (name: "papers_jobs", labels: [(String, String)]([("state", state)]), value: Double(counts[state] ?? 0))
        }
        gauges.append((name: "papers_http_connections_open", labels: [], value: Double(services.connections.open)))
        gauges.append((name: "papers_http_connections_refused", labels: [], value: Double(services.connections.refusals)))
        let text = services.metrics.render(gauges: gauges)
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    @Sendable func openAPI(_ request: Request, context: PapersRequestContext) async throws -> Response {
        guard let text = Self.document else { throw Problem.internalError }
        var headers: HTTPFields = [:]
        headers[.contentType] = "application/yaml; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The bundled OpenAPI document (see `ShippedResource`).
    static let document: String? = ShippedResource.url(
        target: "PapersServer", path: "Resources/openapi.yaml",
        // This file is in Sources/PapersServer/HTTP/.
        sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    ) {
        Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Resources")
    }
    .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
}
