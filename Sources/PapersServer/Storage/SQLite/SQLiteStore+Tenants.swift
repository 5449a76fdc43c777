import Foundation
import GRDB

extension SQLiteStore {
    /// Creates a tenant and returns its credentials (the only time the secret is visible).
    func createTenant(name: String) async throws -> TenantCredentials {
        let tenant = try NewTenant(name: name, sealer: sealer)
        try await write { db in
            try db.execute(
                sql: "INSERT INTO tenants (id, name, token, secret_hash, sealed_webhook_secret, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [tenant.id, tenant.name, tenant.credentials.token, tenant.secretHash, tenant.sealedWebhookSecret, now()])
        }
        return tenant.credentials
    }

    /// The tenant whose token and secret these are, or `nil`.
    func authenticate(token: String, secret: String) async throws -> Tenant? {
        let row = try await read { db -> (id: String, name: String, hash: Data)? in
            try Row.fetchOne(db, sql: "SELECT id, name, secret_hash FROM tenants WHERE token = ?", arguments: [token])
                .map { (id: $0["id"], name: $0["name"], hash: $0["secret_hash"]) }
        }
        // Hash even when the token is unknown, so timing does not tell which tokens exist.
        let stored = row?.hash ?? Data(repeating: 0, count: 32)
        guard TenantCredentials.matches(secret, stored: stored), let row else { return nil }
        return Tenant(id: row.id, name: row.name)
    }

    /// The tenant's callback signing secret.
    func webhookSecret(tenantID: String) async throws -> String {
        let sealed = try await read { db in
            try Data.fetchOne(db, sql: "SELECT sealed_webhook_secret FROM tenants WHERE id = ?", arguments: [tenantID])
        }
        guard let sealed else { throw ServerError(.storageFailure, "a tenant is missing") }
        return String(decoding: try sealer.open(sealed, context: NewTenant.webhookContext(tenantID)), as: UTF8.self)
    }
}
