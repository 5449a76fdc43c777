import Crypto
import Foundation

/// Finds the at-rest encryption key: given, from `PAPERS_ENCRYPTION_KEY`, or from a key file in the
/// data directory (created with owner-only permissions the first time).
enum EncryptionKeyLoader {
    static let environmentVariable = "PAPERS_ENCRYPTION_KEY"
    static let fileName = "encryption.key"

    /// The key and where it came from, in words for an operator (never the key itself).
    static func load(_ configuration: ServerConfiguration) throws(ServerError) -> (key: Data, source: String) {
        if let key = configuration.encryptionKey { return (key, "the key given in the server's configuration") }
        if let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty {
            guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ServerError(.invalidConfiguration, "\(environmentVariable) is not base64")
            }
            return (data, environmentVariable)
        }
        let url = configuration.dataDirectory.appendingPathComponent(fileName)
        if let text = try? String(contentsOf: url, encoding: .utf8) {
            guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ServerError(.invalidConfiguration, "\(url.path) is not a base64 key")
            }
            return (data, url.path)
        }
        let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let created = FileManager.default.createFile(
            atPath: url.path, contents: Data((key.base64EncodedString() + "\n").utf8),
            attributes: [.posixPermissions: 0o600])
        guard created else { throw ServerError(.invalidConfiguration, "cannot write the key file \(url.path)") }
        return (key, "\(url.path) (made now)")
    }
}
