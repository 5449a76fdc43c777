/// How failed uploads are retried: exponential backoff with full jitter (a random delay between
/// zero and the exponential bound), never sooner than a server's `Retry-After`, and given up
/// after ``maximumAttempts``.
public struct RetryPolicy: Sendable, Hashable {
    /// The bound of the first retry's delay; each further retry doubles it.
    public var initialDelay: Duration = .seconds(1)
    /// The largest bound.
    public var maximumDelay: Duration = .seconds(300)
    /// Attempts per item before it is given up (`uploadPermanentlyFailed`).
    public var maximumAttempts = 8

    /// Creates the default policy.
    public init() {}

    /// The delay before retry number `attempt` (1 for the first): uniformly random up to the
    /// exponential bound (`unit` is a random number in 0…1), and at least `retryAfter`.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil, unit: Double) -> Duration {
        let doublings = min(max(0, attempt - 1), 30)
        let bound = min(initialDelay * (1 << doublings), maximumDelay)
        let jittered = bound * max(0, min(1, unit))
        return max(jittered, retryAfter ?? .zero)
    }
}
