import Foundation
import Logging

/// What routes and workers share: storage, sealing, the processor, limits, metrics, the logger.
struct ServerServices: Sendable, CustomStringConvertible {
    var description: String { "ServerServices" }
    let configuration: ServerConfiguration
    let database: ServerDatabase
    let sealer: Sealer
    let images: ImageStore
    let processor: VerificationProcessor
    let metrics: ServerMetrics
    let rateLimiter: RateLimiter
    let logger: Logger
}
