import Foundation
import PapersVerification

/// When callbacks are retried.
public struct CallbackPolicy: Sendable, Hashable {
    /// The first retry's delay in seconds; each further retry doubles it.
    public var initialDelay: TimeInterval = 10
    /// The longest delay between two attempts, in seconds.
    public var maximumDelay: TimeInterval = 3600
    /// How long delivery is attempted before it is given up, in seconds (26 hours: at least a day).
    public var giveUpAfter: TimeInterval = 26 * 3600
    /// How long one attempt may take, in seconds.
    public var timeout: TimeInterval = 10

    /// Creates the default policy.
    public init() {}

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        min(initialDelay * pow(2, Double(min(max(0, attempt - 1), 30))), maximumDelay)
    }
}
