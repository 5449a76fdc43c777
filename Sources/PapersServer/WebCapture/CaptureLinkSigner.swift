import Crypto
import Foundation

/// Signs and checks capture-link tokens: `base64url(claims) "." base64url(HMAC-SHA256)`, with a
/// key derived from the server's encryption key (HKDF, its own purpose), so a token cannot be
/// forged or altered, and the scan reference alone grants nothing.
struct CaptureLinkSigner: Sendable {
    private let keyData: Data
    private var key: SymmetricKey { SymmetricKey(data: keyData) }

    /// A signer whose key is derived from `encryptionKey`.
    init(encryptionKey: SymmetricKey) {
        let derived = HKDF<SHA256>.deriveKey(inputKeyMaterial: encryptionKey, info: Data("papers capture links v1".utf8), outputByteCount: 32)
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
    func token(for claims: CaptureLinkClaims) throws -> String {
        let payload = try JSONEncoder().encode(claims)
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Self.base64url(payload) + "." + Self.base64url(Data(mac))
    }

    /// The claims of `token` when it is genuine and not expired at `now` (seconds since 1970).
    func claims(of token: String, now: Double = Date().timeIntervalSince1970) throws(Refusal) -> CaptureLinkClaims {
        guard token.count <= 1024 else { throw .invalid }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Self.data(base64url: parts[0]), let mac = Self.data(base64url: parts[1]),
              HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key),
              let claims = try? JSONDecoder().decode(CaptureLinkClaims.self, from: payload)
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
