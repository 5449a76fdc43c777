import Foundation
import NIOConcurrencyHelpers

/// A token bucket per tenant: `rate` requests per second on average, `burst` at once.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    let rate: Double
    let burst: Double
    private let buckets = NIOLockedValueBox([String: Bucket]())

    init(rate: Double, burst: Double) {
        self.rate = max(rate, 0.001)
        self.burst = max(burst, 1)
    }

    /// The seconds until `key` has a token again, without taking one; `nil` when it has one now.
    func wait(_ key: String, now: Double = Date().timeIntervalSince1970) -> Double? {
        buckets.withLockedValue { buckets in
            guard let bucket = buckets[key] else { return nil }
            let tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            return tokens >= 1 ? nil : (1 - tokens) / rate
        }
    }

    /// Takes a token for `key`; returns `nil` when allowed, else the seconds until a token is free.
    func take(_ key: String, now: Double = Date().timeIntervalSince1970) -> Double? {
        buckets.withLockedValue { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.updated) * rate)
            bucket.updated = now
            defer { buckets[key] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return (1 - bucket.tokens) / rate
        }
    }
}
