import Foundation
import GRDB

extension SQLiteStore {
    /// The key check value and key source the database was first used with, if recorded.
    func recordedKey() async throws -> (check: String, source: String)? {
        try await read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT name, value FROM settings WHERE name IN ('key_check', 'key_source')")
            var values: [String: String] = [:]
            for row in rows { values[row["name"]] = row["value"] }
            return values["key_check"].map { ($0, values["key_source"] ?? "an unrecorded source") }
        }
    }

    /// Records the key check value and source, unless a key is recorded already.
    func recordKey(check: String, source: String) async throws {
        try await write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO settings (name, value) VALUES ('key_check', ?)", arguments: [check])
            try db.execute(sql: "INSERT OR IGNORE INTO settings (name, value) VALUES ('key_source', ?)", arguments: [source])
        }
    }

    /// Whether a tenant's sealed webhook secret opens with this store's key; `nil` with no tenant.
    func existingDataOpens() async throws -> Bool? {
        let row = try await read { db in
            try Row.fetchOne(db, sql: "SELECT id, sealed_webhook_secret FROM tenants LIMIT 1").map { (id: $0["id"] as String, sealed: $0["sealed_webhook_secret"] as Data) }
        }
        guard let row else { return nil }
        return (try? sealer.open(row.sealed, context: NewTenant.webhookContext(row.id))) != nil
    }
}
