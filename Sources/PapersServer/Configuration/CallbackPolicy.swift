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
    /// How long one attempt may take, in seconds, from connecting to the end of the answer.
    public var timeout: TimeInterval = 5
    /// How long connecting to a receiver may take, in seconds.
    public var connectTimeout: TimeInterval = 3
    /// How many callbacks are sent at once, apart from the workers that process photos.
    public var maximumConcurrent = 16
    /// How many of them may be for one tenant at a time: a receiver that never answers holds at
    /// most this many senders, and the others go on serving everybody else.
    public var maximumPerTenant = 4
    /// How many of them may go to one host at a time.
    public var maximumPerHost = 4
    /// When a tenant or host is at its cap, its next callback waits this long, in seconds, without
    /// counting an attempt.
    public var busyDelay: TimeInterval = 1

    /// Creates the default policy.
    public init() {}

    /// The delay before retry number `attempt` (1 for the first retry).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        min(initialDelay * pow(2, Double(min(max(0, attempt - 1), 30))), maximumDelay)
    }
}
