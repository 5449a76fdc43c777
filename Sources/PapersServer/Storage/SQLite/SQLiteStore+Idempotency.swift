import Foundation
import GRDB

extension SQLiteStore {
    func reserveIdempotencyKey(tenantID: String, key: String, fingerprint: String) async throws -> IdempotencyEntry? {
        try await write { db in
            if let row = try Row.fetchOne(db, sql: "SELECT fingerprint, status, body FROM idempotency_keys WHERE tenant_id = ? AND key = ?", arguments: [tenantID, key]) {
                return IdempotencyEntry(fingerprint: row["fingerprint"], status: row["status"], body: row["body"])
            }
            try db.execute(
                sql: "INSERT INTO idempotency_keys (tenant_id, key, fingerprint, created_at) VALUES (?, ?, ?, ?)",
                arguments: [tenantID, key, fingerprint, now()])
            return nil
        }
    }

    func storeIdempotentResponse(tenantID: String, key: String, status: Int, body: Data) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE idempotency_keys SET status = ?, body = ? WHERE tenant_id = ? AND key = ?", arguments: [status, body, tenantID, key])
        }
    }

    func releaseIdempotencyKey(tenantID: String, key: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE tenant_id = ? AND key = ?", arguments: [tenantID, key])
        }
    }
}
