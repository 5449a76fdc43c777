import Crypto
import Foundation

/// A tenant: one integrator's isolated space.
public struct Tenant: Sendable, Hashable {
    /// The internal identifier.
    public let id: String
    /// The name given at creation.
    public let name: String
}
