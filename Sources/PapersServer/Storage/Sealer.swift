import Crypto
import Foundation

/// Seals and opens data at rest with AES-256-GCM.
///
/// A sealed blob is `nonce ‖ ciphertext ‖ tag` (AES-GCM's combined form). The associated data binds
/// a blob to where it belongs (a table and row), so a blob copied elsewhere fails to open.
public struct Sealer: Sendable, CustomStringConvertible {
    /// Never shows the key.
    public var description: String { "Sealer(AES-256-GCM)" }
    let keyData: Data
    var key: SymmetricKey { SymmetricKey(data: keyData) }

    /// Creates a sealer from a 32-byte key.
    public init(keyData: Data) throws(ServerError) {
        guard keyData.count == 32 else {
            throw ServerError(.invalidConfiguration, "the encryption key must be 32 bytes (base64 of 32 random bytes), not \(keyData.count)")
        }
        self.keyData = keyData
    }

    /// A key check value: the first 8 bytes of HMAC-SHA256(key, "papers-key-check"), in hex. It
    /// tells two keys apart without revealing either, so a database can record which key sealed it.
    public var keyCheckValue: String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("papers-key-check".utf8), using: key)
        return mac.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// Seals `plaintext`, bound to `context`.
    public func seal(_ plaintext: Data, context: String) throws(ServerError) -> Data {
        do {
            guard let combined = try AES.GCM.seal(plaintext, using: key, authenticating: Data(context.utf8)).combined else {
                throw ServerError(.sealingFailure, "AES-GCM produced no combined form")
            }
            return combined
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError(.sealingFailure, "sealing failed")
        }
    }

    /// Opens a blob sealed with the same key and context.
    public func open(_ sealed: Data, context: String) throws(ServerError) -> Data {
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key, authenticating: Data(context.utf8))
        } catch {
            throw ServerError(.sealingFailure, "stored data does not open with this key (wrong key or altered data)")
        }
    }

    /// Seals an `Encodable` value as JSON.
    func sealJSON(_ value: some Encodable, context: String) throws(ServerError) -> Data {
        let data: Data
        do { data = try JSONEncoder().encode(value) } catch { throw ServerError(.storageFailure, "cannot encode a stored value") }
        return try seal(data, context: context)
    }

    /// Opens a sealed JSON value.
    func openJSON<T: Decodable>(_ type: T.Type, from sealed: Data, context: String) throws(ServerError) -> T {
        let data = try open(sealed, context: context)
        do { return try JSONDecoder().decode(type, from: data) } catch { throw ServerError(.storageFailure, "a stored value cannot be decoded") }
    }
}
