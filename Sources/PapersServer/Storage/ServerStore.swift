import Foundation
import PapersVerification
import ServiceLifecycle

/// The server's database, whichever engine holds it: the embedded SQLite file (``SQLiteStore``)
/// or a PostgreSQL server that several `papers serve` processes share (``PostgresStore``).
///
/// Every method is one transaction. State changes that call for work queue their job in the same
/// transaction, so a crash never loses a job or runs one for a change that did not happen.
/// Everything that identifies a person arrives sealed (see ``Sealer``) or is sealed here.
protocol ServerStore: Sendable {
    /// What must run while the store is used (a connection pool), or `nil` for an embedded file.
    var connectionService: (any Service)? { get }

    // The encryption key (a check value, never the key)
    /// The key check value and key source the database was first used with, if recorded.
    func recordedKey() async throws -> (check: String, source: String)?
    /// Records the key check value and source, unless a key is recorded already.
    func recordKey(check: String, source: String) async throws
    /// Whether a sealed value already stored opens with the store's key (`nil` when there is none).
    func existingDataOpens() async throws -> Bool?

    // Tenants
    func createTenant(name: String) async throws -> TenantCredentials
    func authenticate(token: String, secret: String) async throws -> Tenant?
    func webhookSecret(tenantID: String) async throws -> String

    // Verifications
    func insertVerification(tenantID: String, request: VerificationRequest) async throws -> VerificationRecord
    /// The verification, opened; with `tenantID` only when it belongs to that tenant (`nil` for workers).
    func verification(_ id: String, tenantID: String?) async throws -> VerificationRecord?
    func listVerifications(tenantID: String, limit: Int, startingAfter: String?) async throws -> (items: [VerificationSummary], hasMore: Bool)
    /// Places a staged image and records it, only while its verification is `PENDING`, in one
    /// transaction with that check (a `DELETE` or `finalize` cannot slip between).
    func placeImage(_ staged: StagedImage, contentType: String, byteCount: Int, cropped: Bool) async throws -> UploadPlacement
    func imageContentType(owner: String, name: String) async throws -> String?
    /// Places a frame batch's staged frames and records the batch, only while its verification is
    /// `PENDING` and holds fewer than `quota` batches, in one transaction with those checks.
    func placeFrameBatch(id: String, verificationID: String, frames: [StagedImage], quota: Int, label: String?, sealedDetails: Data?) async throws -> UploadPlacement
    /// The batches finalize left valid, oldest first.
    func validFrameBatches(verificationID: String) async throws -> [StoredFrameBatch]
    /// How many frame batches a verification has.
    func frameBatchCount(verificationID: String) async throws -> Int
    /// Moves a pending verification to `PROCESSING` and queues its job, atomically; when
    /// `validBatchIds` is given, the frame batches not named in it are marked not valid.
    func finalizeVerification(_ id: String, tenantID: String, validBatchIds: [String]?) async throws -> VerificationState?
    func completeVerification(_ id: String, state: VerificationState, result: VerificationResult?, event: CallbackEvent?) async throws
    /// Erases the row's data (images are erased by the ``ImageStorage``); `false` when not found.
    func deleteVerification(_ id: String, tenantID: String?) async throws -> Bool
    func expired(before cutoff: Double) async throws -> (verifications: [String], documents: [String])

    // Documents
    func insertDocument(id: String, tenantID: String, kind: DocumentKind, pageCount: Int, callbackURL: String?) async throws
    func document(_ id: String, tenantID: String?) async throws -> DocumentRecord?
    func completeDocument(_ id: String, status: DocumentStatus, result: DocumentResult?, event: CallbackEvent?) async throws
    func deleteDocument(_ id: String, tenantID: String?) async throws -> Bool

    // Jobs
    /// Claims the oldest due job of one of `kinds` (or one whose lease ran out) for `lease` seconds.
    func claimJob(owner: String, lease: Double, kinds: [JobKind]) async throws -> Job?
    /// Puts a claimed job back to run at `runAt` without counting the claim as an attempt (it was
    /// not tried: its receiver's concurrency cap was reached).
    func releaseJob(_ job: Job, at runAt: Double) async throws
    /// Extends the lease of a job its holder still holds; `false` when the claim was lost.
    func renewJob(_ job: Job, lease: Double) async throws -> Bool
    func completeJob(_ job: Job) async throws
    func retryJob(_ job: Job, at runAt: Double, error: String) async throws
    func failJob(_ job: Job, error: String) async throws
    func jobCounts() async throws -> [String: Int]

    // Callback events
    func pendingEvent(_ id: String) async throws -> (event: CallbackEvent, createdAt: Double)?
    func recordDelivery(eventID: String, attempt: Int, statusCode: Int?, error: String?, durationMs: Double, delivered: Bool, givenUp: Bool) async throws
    func deliveryAttempts(eventID: String) async throws -> [(attempt: Int, statusCode: Int?)]

    // Idempotency keys
    /// Reserves `key` for a request, or returns what is stored under it: its fingerprint and, once
    /// the first request finished, its response.
    /// A reservation made before `staleBefore` (seconds since 1970) that never got its response
    /// was abandoned (its request died with its process): it is taken over.
    func reserveIdempotencyKey(tenantID: String, key: String, fingerprint: String, staleBefore: Double) async throws -> IdempotencyEntry?
    /// Stores the response under the key, with the fingerprint the request turned out to have.
    func storeIdempotentResponse(tenantID: String, key: String, fingerprint: String, status: Int, body: Data) async throws
    /// Deletes reservations made before `staleBefore` that never got their response.
    func removeAbandonedIdempotencyKeys(staleBefore: Double) async throws
    func releaseIdempotencyKey(tenantID: String, key: String) async throws
}

extension ServerStore {
    /// Claims the oldest due job of any kind.
    func claimJob(owner: String, lease: Double) async throws -> Job? {
        try await claimJob(owner: owner, lease: lease, kinds: JobKind.allCases)
    }
}
