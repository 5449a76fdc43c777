import Crypto
import Foundation

/// Claims a ``TokenSigner`` signs: anything JSON with an expiry.
protocol ExpiringClaims: Codable, Sendable {
    /// When the token stops working, in seconds since 1970.
    var expiresAt: Int { get }
}

/// Signs and checks tokens the server hands out (capture links, liveness challenges):
/// `base64url(claims) "." base64url(HMAC-SHA256)`, with a key derived from the server's
/// encryption key (HKDF, one purpose per kind of token), so a token cannot be forged, altered or
/// passed off as another kind, and the scan reference alone grants nothing.
struct TokenSigner: Sendable {
    private let keyData: Data
    private var key: SymmetricKey { SymmetricKey(data: keyData) }

    /// The capture links' purpose.
    static let captureLinks = "papers capture links v1"
    /// The liveness challenges' purpose.
    static let livenessChallenges = "papers liveness challenges v1"

    /// A signer whose key is derived from `encryptionKey` for `purpose`.
    init(encryptionKey: SymmetricKey, purpose: String) {
        let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: encryptionKey, info: Data(purpose.utf8), outputByteCount: 32)
        keyData = derived.withUnsafeBytes { Data($0) }
    }

    /// Why a token is refused.
    enum Refusal: Error, Sendable, Hashable {
        /// Not a token this server signed (malformed or altered).
        case invalid
        /// Signed, but past its expiry.
        case expired
    }

    /// A token for `claims`.
    func token(for claims: some ExpiringClaims) throws -> String {
        let payload = try JSONEncoder().encode(claims)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Self.base64url(payload) + "." + Self.base64url(Data(mac))
    }

    /// The claims of `token` when it is genuine and not expired at `now` (seconds since 1970).
    func claims<Claims: ExpiringClaims>(of token: String, as type: Claims.Type,
                                        now: Double = Date().timeIntervalSince1970) throws(Refusal) -> Claims {
        guard token.count <= 1024 else { throw .invalid }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Self.data(base64url: parts[0]), let mac = Self.data(base64url: parts[1]),
              HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key),
              let claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else { throw .invalid }
        guard Double(claims.expiresAt) > now else { throw .expired }
        return claims
    }

    static func base64url(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64url text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
