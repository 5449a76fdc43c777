import Foundation
import PostgresNIO

extension PostgresStore {
    /// The key check value and key source the database was first used with, if recorded.
    func recordedKey() async throws -> (check: String, source: String)? {
        var values: [String: String] = [:]
        for row in try await rows("SELECT name, value FROM papers_settings WHERE name IN ('key_check', 'key_source')") {
            values[try row["name"].decode(String.self)] = try row["value"].decode(String.self)
        }
        return values["key_check"].map { ($0, values["key_source"] ?? "an unrecorded source") }
    }

    /// Records the key check value and source, unless a key is recorded already.
    func recordKey(check: String, source: String) async throws {
        _ = try await rows("INSERT INTO papers_settings (name, value) VALUES ('key_check', \(check)) ON CONFLICT (name) DO NOTHING")
        _ = try await rows("INSERT INTO papers_settings (name, value) VALUES ('key_source', \(source)) ON CONFLICT (name) DO NOTHING")
    }

    /// Whether a tenant's sealed webhook secret opens with this store's key; `nil` with no tenant.
    func existingDataOpens() async throws -> Bool? {
        guard let row = try await rows("SELECT id, sealed_webhook_secret FROM tenants LIMIT 1").first else { return nil }
        let id = try row["id"].decode(String.self), sealed = try row["sealed_webhook_secret"].decode(Data.self)
        return (try? sealer.open(sealed, context: NewTenant.webhookContext(id))) != nil
    }
}
