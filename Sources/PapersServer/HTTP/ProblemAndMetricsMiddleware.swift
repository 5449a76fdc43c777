import Foundation
import Hummingbird
import NIOHTTP1

/// Turns every failure into a problem document, counts and times requests, and logs one line per
/// request with the route pattern (never the path's identifiers, bodies or credentials).
struct ProblemAndMetricsMiddleware: RouterMiddleware {
    typealias Context = PapersRequestContext
    let services: ServerServices
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status: HTTPResponse.Status = .internalServerError
        defer {
            let seconds = (ContinuousClock.now - start).inSeconds
            let route = context.endpointPath ?? "unmatched"
            services.metrics.increment("papers_http_requests_total", [("method", request.method.rawValue), ("route", route), ("status", String(status.code))])
            services.metrics.observe("papers_http_request_duration_seconds", [("route", route)], seconds: seconds)
            services.logger.info("request", metadata: [
                "method": .string(request.method.rawValue), "route": .string(route),
                "status": .stringConvertible(status.code), "ms": .stringConvertible(Int(seconds * 1000)),
            ])
        }
        do {
            let response = try await next(request, context)
            status = response.status
            return response
        } catch let problem as Problem {
            status = problem.status
            throw problem
        } catch let error as HTTPError {
            let allowed = error.status == .notFound ? routes.allowed(request.uri.path) : []
            if !allowed.isEmpty {
                // A known path asked with a method it does not take.
                status = .methodNotAllowed
                var problem = Problem(.methodNotAllowed, code: "METHOD_NOT_ALLOWED", detail: "\(request.method.rawValue) is not allowed here")
                problem.headers[.allow] = allowed.joined(separator: ", ")
                throw problem
            }
            status = error.status
            throw Problem(error.status, code: error.status == .notFound ? "NOT_FOUND" : "HTTP_\(error.status.code)", detail: error.body ?? error.status.reasonPhrase)
        } catch is DecodingError {
            status = .badRequest
            throw Problem.invalid("the JSON body does not match the API's schema")
        } catch is HTTPParserError {
            // The client went away (or was cut off by a timeout) before its request was complete:
            // nobody is left to answer, and it is not the server's failure. Counted as 499, as
            // proxies do.
            status = .init(code: 499, reasonPhrase: "Client Closed Request")
            throw Problem(.badRequest, code: "INCOMPLETE_REQUEST", detail: "the request ended before its body was complete")
        } catch let error as ServerError {
            services.logger.error("request failed", metadata: ["code": .string(error.code.rawValue)])
            throw Problem.internalError
        } catch {
            services.logger.error("request failed", metadata: ["error": .string(String(describing: type(of: error)))])
            throw Problem.internalError
        }
    }
}
