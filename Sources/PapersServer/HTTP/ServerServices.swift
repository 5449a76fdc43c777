import Foundation
import Logging
import PapersVerification

/// What routes and workers share: storage, sealing, the processor, limits, metrics, the logger.
struct ServerServices: Sendable, CustomStringConvertible {
    var description: String { "ServerServices" }
    let configuration: ServerConfiguration
    let database: any ServerStore
    let sealer: Sealer
    let images: any ImageStorage
    let processor: VerificationProcessor
    let metrics: ServerMetrics
    let rateLimiter: RateLimiter
    /// Failed authentications per API token: once they run out, the token is refused for a while
    /// whatever secret comes with it (a secret cannot be guessed by trying).
    let authenticationFailures: RateLimiter
    /// Recent successful authentications, so that a client's every request is not a database round trip.
    let authenticated = AuthenticationCache()
    /// The HTTP connections open now (and refused at the cap), for `/metrics`.
    let connections = ConnectionGuard.Census()
    let logger: Logger

    /// Erases a verification: its row's data, then its images. `false` when not found.
    func eraseVerification(_ id: String, tenantID: String?) async throws -> Bool {
        guard try await database.deleteVerification(id, tenantID: tenantID) else { return false }
        try await images.deleteAll(owner: id)
        return true
    }

    /// Erases a document: its row's data, then its pages. `false` when not found.
    func eraseDocument(_ id: String, tenantID: String?) async throws -> Bool {
        guard try await database.deleteDocument(id, tenantID: tenantID) else { return false }
        try await images.deleteAll(owner: id)
        return true
    }
}
