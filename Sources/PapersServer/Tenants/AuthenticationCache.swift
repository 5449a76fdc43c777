import Foundation
import NIOConcurrencyHelpers

/// Tenants recently authenticated against the database, by token, with the hash of the secret
/// they gave (never the secret): a request whose secret matches is let through for a few
/// seconds without a database round trip. A failed authentication is never remembered, and a
/// mismatching secret always goes to the database (and counts as a failure there).
final class AuthenticationCache: Sendable {
    private struct Entry {
        let tenant: Tenant
        let secretHash: Data
        let expires: Double
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    /// How long an entry is trusted, in seconds.
    let lifetime: Double
    /// The most tokens remembered; past it the cache starts over.
    let capacity: Int

    init(lifetime: Double = 10, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The tenant remembered for `token`, when `secret` matches and the entry is fresh.
    func tenant(token: String, secret: String, at time: Double = now()) -> Tenant? {
        guard let entry = entries.withLockedValue({ $0[token] }), entry.expires > time,
              TenantCredentials.matches(secret, stored: entry.secretHash) else { return nil }
        return entry.tenant
    }

    /// Remembers a successful authentication.
    func remember(_ tenant: Tenant, token: String, secret: String, at time: Double = now()) {
        let entry = Entry(tenant: tenant, secretHash: TenantCredentials.hash(secret), expires: time + lifetime)
        entries.withLockedValue { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = entry
        }
    }
}
