import Crypto
import Foundation

/// A tenant about to be stored: its row's values, with the secret hashed and the webhook secret sealed.
struct NewTenant: Sendable {
    let id: String
    let name: String
    let credentials: TenantCredentials
    let secretHash: Data
    let sealedWebhookSecret: Data

    /// Checks the name and makes fresh credentials.
    init(name: String, sealer: Sealer) throws(ServerError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 100 else {
            throw ServerError(.invalidInput, "a tenant name must have 1 to 100 characters")
        }
        id = UUID().uuidString.lowercased()
        self.name = trimmed
        credentials = TenantCredentials.generate()
        secretHash = TenantCredentials.hash(credentials.secret)
        sealedWebhookSecret = try sealer.seal(Data(credentials.webhookSecret.utf8), context: Self.webhookContext(id))
    }

    /// Where a tenant's sealed webhook secret belongs.
    static func webhookContext(_ tenantID: String) -> String { "tenant-webhook:\(tenantID)" }
}
