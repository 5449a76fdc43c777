import Foundation
import PostgresNIO

extension PostgresStore {
    func createTenant(name: String) async throws -> TenantCredentials {
        let tenant = try NewTenant(name: name, sealer: sealer)
        _ = try await rows("""
            INSERT INTO tenants (id, name, token, secret_hash, sealed_webhook_secret, created_at)
            VALUES (\(tenant.id), \(tenant.name), \(tenant.credentials.token), \(tenant.secretHash), \(tenant.sealedWebhookSecret), \(now()))
            """)
        return tenant.credentials
    }

    func authenticate(token: String, secret: String) async throws -> Tenant? {
        let row = try await rows("SELECT id, name, secret_hash FROM tenants WHERE token = \(token)").first
        let stored = try row?["secret_hash"].decode(Data.self) ?? Data(repeating: 0, count: 32)
        guard TenantCredentials.matches(secret, stored: stored), let row else { return nil }
        return Tenant(id: try row["id"].decode(String.self), name: try row["name"].decode(String.self))
    }

    func webhookSecret(tenantID: String) async throws -> String {
        guard let row = try await rows("SELECT sealed_webhook_secret FROM tenants WHERE id = \(tenantID)").first else {
            throw ServerError(.storageFailure, "a tenant is missing")
        }
        return String(decoding: try sealer.open(try row["sealed_webhook_secret"].decode(Data.self), context: NewTenant.webhookContext(tenantID)), as: UTF8.self)
    }
}
