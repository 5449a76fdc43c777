import Crypto
import Foundation

/// A new tenant's credentials, shown once: the API token and secret (HTTP Basic `token:secret`)
/// and the secret that signs its callbacks.
public struct TenantCredentials: Sendable, Hashable, Codable {
    /// The tenant's public API token (the Basic user name).
    public let token: String
    /// The API secret (the Basic password). Only its SHA-256 is stored.
    public let secret: String
    /// The HMAC key of `Papers-Signature` on callbacks. Stored sealed, since the server needs it.
    public let webhookSecret: String

    /// Creates fresh random credentials.
    static func generate() -> TenantCredentials {
        TenantCredentials(token: "tok_" + randomHex(16), secret: "sec_" + randomHex(32), webhookSecret: "whsec_" + randomHex(32))
    }

    static func randomHex(_ count: Int) -> String {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { bytes in
            bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// The stored form of an API secret.
    static func hash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Whether `secret` hashes to `stored`, comparing in constant time.
    static func matches(_ secret: String, stored: Data) -> Bool {
        let candidate = hash(secret)
        guard candidate.count == stored.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, stored) { difference |= a ^ b }
        return difference == 0
    }
}
