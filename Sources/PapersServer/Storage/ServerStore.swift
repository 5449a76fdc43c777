import Foundation

/// The server's database, whichever engine holds it: the embedded SQLite file (``SQLiteStore``)
/// or a PostgreSQL server that several `papers serve` processes share (``PostgresStore``).
///
/// Every method is one transaction. State changes that call for work queue their job in the same
/// transaction, so a crash never loses a job or runs one for a change that did not happen.
/// Everything that identifies a person arrives sealed (see ``Sealer``) or is sealed here.
protocol ServerStore: Sendable {
    // Tenants
    func createTenant(name: String, sealer: Sealer) async throws -> TenantCredentials
    func authenticate(token: String, secret: String) async throws -> Tenant?
    func webhookSecret(tenantID: String, sealer: Sealer) async throws -> String

    // Verifications
    func insertVerification(tenantID: String, request: VerificationRequest, sealer: Sealer) async throws -> VerificationRecord
    /// The verification, opened; with `tenantID` only when it belongs to that tenant (`nil` for workers).
    func verification(_ id: String, tenantID: String?, sealer: Sealer) async throws -> VerificationRecord?
    func listVerifications(tenantID: String, limit: Int, startingAfter: String?) async throws -> (items: [VerificationSummary], hasMore: Bool)
    func recordImage(owner: String, name: String, contentType: String, byteCount: Int) async throws
    func imageContentType(owner: String, name: String) async throws -> String?
    func recordFrameBatch(id: String, verificationID: String, frameCount: Int) async throws
    func finalizeVerification(_ id: String, tenantID: String) async throws -> VerificationState?
    func completeVerification(_ id: String, state: VerificationState, result: VerificationResult?, event: CallbackEvent?, sealer: Sealer) async throws
    /// Erases the row's data (images are erased by the ``ImageStorage``); `false` when not found.
    func deleteVerification(_ id: String, tenantID: String?) async throws -> Bool
    func expired(before cutoff: Double) async throws -> (verifications: [String], documents: [String])

    // Documents
    func insertDocument(id: String, tenantID: String, kind: DocumentKind, pageCount: Int, callbackURL: String?, sealer: Sealer) async throws
    func document(_ id: String, tenantID: String?, sealer: Sealer) async throws -> DocumentRecord?
    func completeDocument(_ id: String, status: String, result: DocumentResult?, event: CallbackEvent?, sealer: Sealer) async throws
    func deleteDocument(_ id: String, tenantID: String?) async throws -> Bool

    // Jobs
    func claimJob(owner: String, lease: Double) async throws -> Job?
    func completeJob(_ job: Job) async throws
    func retryJob(_ job: Job, at runAt: Double, error: String) async throws
    func failJob(_ job: Job, error: String) async throws
    func jobCounts() async throws -> [String: Int]

    // Callback events
    func pendingEvent(_ id: String, sealer: Sealer) async throws -> (event: CallbackEvent, createdAt: Double)?
    func recordDelivery(eventID: String, attempt: Int, statusCode: Int?, error: String?, durationMs: Double, delivered: Bool, givenUp: Bool) async throws
    func deliveryAttempts(eventID: String) async throws -> [(attempt: Int, statusCode: Int?)]

    // Idempotency keys
    /// Reserves `key` for a request, or returns what is stored under it: its fingerprint and, once
    /// the first request finished, its response.
    func reserveIdempotencyKey(tenantID: String, key: String, fingerprint: String) async throws -> IdempotencyEntry?
    func storeIdempotentResponse(tenantID: String, key: String, status: Int, body: Data) async throws
    func releaseIdempotencyKey(tenantID: String, key: String) async throws
}

/// What an idempotency key holds.
struct IdempotencyEntry: Sendable {
    let fingerprint: String
    let status: Int?
    let body: Data?
}

/// Sealed image bytes, wherever they are kept: files under the data directory
/// (``LocalImageStore``), or rows of the PostgreSQL database (``PostgresImageStore``).
protocol ImageStorage: Sendable {
    /// A writer that seals an upload chunk by chunk into a local file; call ``commit(owner:name:)`` after it finished.
    func writer(owner: String, name: String) throws(ServerError) -> SealedFileWriter
    /// Makes a finished writer's file the stored image.
    func commit(owner: String, name: String) async throws
    /// Seals and stores a whole image.
    func write(_ bytes: [UInt8], owner: String, name: String) async throws
    /// The opened image.
    func read(owner: String, name: String) async throws -> Data
    /// Erases every image of an owner.
    func deleteAll(owner: String) async throws
}
