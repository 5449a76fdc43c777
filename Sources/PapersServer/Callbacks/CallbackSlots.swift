import NIOConcurrencyHelpers

/// The callbacks in flight, counted per tenant and per receiving host, so that one tenant's (or
/// one host's) slow receiver holds at most its share of the senders.
final class CallbackSlots: Sendable {
    private struct Counts {
        var tenants: [String: Int] = [:]
        var hosts: [String: Int] = [:]
    }

    private let counts = NIOLockedValueBox(Counts())
    let perTenant: Int
    let perHost: Int

    init(perTenant: Int, perHost: Int) {
        self.perTenant = max(1, perTenant)
        self.perHost = max(1, perHost)
    }

    /// Takes a slot for a delivery; `false` when the tenant or the host is at its cap.
    func acquire(tenant: String, host: String) -> Bool {
        counts.withLockedValue { counts in
            guard counts.tenants[tenant, default: 0] < perTenant, counts.hosts[host, default: 0] < perHost else { return false }
            counts.tenants[tenant, default: 0] += 1
            counts.hosts[host, default: 0] += 1
            return true
        }
    }

    /// Gives back a slot taken by ``acquire(tenant:host:)``.
    func release(tenant: String, host: String) {
        counts.withLockedValue { counts in
            counts.tenants[tenant] = counts.tenants[tenant].flatMap { $0 > 1 ? $0 - 1 : nil }
            counts.hosts[host] = counts.hosts[host].flatMap { $0 > 1 ? $0 - 1 : nil }
        }
    }

    /// How many deliveries hold a slot now.
    var inFlight: Int { counts.withLockedValue { $0.tenants.values.reduce(0, +) } }
}
