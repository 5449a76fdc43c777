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
