import Foundation
import Hummingbird

/// The request context of the server's routes: Hummingbird's core plus the authenticated tenant.
public struct PapersRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The tenant the Basic credentials belong to; set by the `/v1` authentication middleware.
    public var tenant: Tenant?

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// JSON bodies are small; images are streamed by their own routes with their own limits.
    public var maxUploadSize: Int { 1024 * 1024 }

    /// The tenant, which every `/v1` handler can rely on.
    func requireTenant() throws -> Tenant {
        guard let tenant else { throw Problem.unauthorized }
        return tenant
    }
}

/// JSON responses with the encoding every route shares.
enum JSONResponse {
    /// The encoding of every JSON body the server writes (responses, stored replies, callbacks).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func make(_ status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:]) throws -> Response {
        make(status, data: try encoder.encode(value), headers: headers)
    }

    static func make(_ status: HTTPResponse.Status, data: Data, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(data.count)
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
