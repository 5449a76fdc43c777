import Foundation
import GRDB

extension SQLiteStore {
    func reserveIdempotencyKey(tenantID: String, key: String, fingerprint: String, staleBefore: Double) async throws -> IdempotencyEntry? {
        try await write { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT fingerprint, status, body, created_at FROM idempotency_keys WHERE tenant_id = ? AND key = ?",
                arguments: [tenantID, key])
            if let row {
                let status: Int? = row["status"], createdAt: Double = row["created_at"]
                guard status == nil, createdAt < staleBefore else {
                    return IdempotencyEntry(fingerprint: row["fingerprint"], status: status, body: row["body"])
                }
                // Abandoned: the request that reserved it never finished.
                try db.execute(sql: "UPDATE idempotency_keys SET fingerprint = ?, created_at = ? WHERE tenant_id = ? AND key = ?",
                               arguments: [fingerprint, now(), tenantID, key])
                return nil
            }
            try db.execute(
                sql: "INSERT INTO idempotency_keys (tenant_id, key, fingerprint, created_at) VALUES (?, ?, ?, ?)",
                arguments: [tenantID, key, fingerprint, now()])
            return nil
        }
    }

    func storeIdempotentResponse(tenantID: String, key: String, fingerprint: String, status: Int, body: Data) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE idempotency_keys SET fingerprint = ?, status = ?, body = ? WHERE tenant_id = ? AND key = ?",
                           arguments: [fingerprint, status, body, tenantID, key])
        }
    }

    func releaseIdempotencyKey(tenantID: String, key: String) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE tenant_id = ? AND key = ?", arguments: [tenantID, key])
        }
    }

    func removeAbandonedIdempotencyKeys(staleBefore: Double) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE status IS NULL AND created_at < ?", arguments: [staleBefore])
        }
    }
}
