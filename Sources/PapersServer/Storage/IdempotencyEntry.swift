import Foundation
import PapersVerification

/// What an idempotency key holds.
struct IdempotencyEntry: Sendable {
    let fingerprint: String
    let status: Int?
    let body: Data?
}
