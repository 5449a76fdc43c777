import Foundation
import Logging
import PostgresNIO
import PapersVerification

extension PostgresStore {
    func insertVerification(tenantID: String, request: VerificationRequest) async throws -> VerificationRecord {
        let id = UUID().uuidString.lowercased()
        let sealed = try sealer.sealJSON(request, context: SQLiteStore.requestContext(id))
        let time = now()
        _ = try await rows("""
            INSERT INTO verifications (id, tenant_id, status, sealed_request, created_at, updated_at)
            VALUES (\(id), \(tenantID), 'PENDING', \(sealed), \(time), \(time))
            """)
        return VerificationRecord(id: id, tenantID: tenantID, state: .pending, request: request, createdAt: time, updatedAt: time)
    }

    func verification(_ id: String, tenantID: String?) async throws -> VerificationRecord? {
        // The row and its images' names in one round trip.
        let found = tenantID == nil
            ? try await rows("""
                SELECT v.*, ARRAY(SELECT name FROM images WHERE owner_id = v.id ORDER BY name) AS image_names,
                       ARRAY(SELECT name FROM images WHERE owner_id = v.id AND cropped) AS cropped_names
                FROM verifications v WHERE v.id = \(id)
                """)
            : try await rows("""
                SELECT v.*, ARRAY(SELECT name FROM images WHERE owner_id = v.id ORDER BY name) AS image_names,
                       ARRAY(SELECT name FROM images WHERE owner_id = v.id AND cropped) AS cropped_names
                FROM verifications v WHERE v.id = \(id) AND v.tenant_id = \(tenantID)
                """)
        guard let row = found.first else { return nil }
        var record = try record(row)
        record.croppedImages = Set(try row["cropped_names"].decode([String].self))
        return record
    }

    func record(_ row: PostgresRandomAccessRow) throws -> VerificationRecord {
        let id = try row["id"].decode(String.self)
        let names = try row["image_names"].decode([String].self)
        let request = try row["sealed_request"].decode(Data?.self).map {
            try sealer.openJSON(VerificationRequest.self, from: $0, context: SQLiteStore.requestContext(id))
        }
        let result = try row["sealed_result"].decode(Data?.self).map {
            try sealer.openJSON(VerificationResult.self, from: $0, context: SQLiteStore.resultContext(id))
        }
        return VerificationRecord(
            id: id, tenantID: try row["tenant_id"].decode(String.self),
            state: VerificationState(rawValue: try row["status"].decode(String.self)) ?? .failed,
            decision: try row["verification_status"].decode(String?.self).flatMap(VerificationDecision.init(rawValue:)),
            request: request, result: result,
            createdAt: try row["created_at"].decode(Double.self), updatedAt: try row["updated_at"].decode(Double.self), images: names)
    }

    func listVerifications(tenantID: String, limit: Int, startingAfter: String?) async throws -> (items: [VerificationSummary], hasMore: Bool) {
        var after = Int.max
        if let startingAfter {
            guard let row = try await rows("SELECT seq FROM verifications WHERE id = \(startingAfter) AND tenant_id = \(tenantID)").first else {
                throw Problem.invalid("starting_after names no verification of yours")
            }
            after = try row["seq"].decode(Int.self)
        }
        let found = try await rows("""
            SELECT id, status, verification_status, created_at, updated_at FROM verifications
            WHERE tenant_id = \(tenantID) AND seq < \(after) ORDER BY seq DESC LIMIT \(limit + 1)
            """)
        let items = try found.prefix(limit).map { row in
            VerificationSummary(
                scanReference: try row["id"].decode(String.self), status: VerificationState(rawValue: try row["status"].decode(String.self)) ?? .failed,
                verificationStatus: try row["verification_status"].decode(String?.self).flatMap(VerificationDecision.init(rawValue:)),
                createdAt: Timestamp.iso(try row["created_at"].decode(Double.self)), updatedAt: Timestamp.iso(try row["updated_at"].decode(Double.self)))
        }
        return (items, found.count > limit)
    }

    /// Stores a staged image's sealed bytes and records it, if its verification is still
    /// `PENDING`: one statement, which locks the verification's row first, so `finalize` and
    /// `DELETE` wait for it (and it sees what they committed).
    func placeImage(_ staged: StagedImage, contentType: String, byteCount: Int, cropped: Bool) async throws -> UploadPlacement {
        let time = now(), owner = staged.owner, name = staged.name
        defer { staged.discard() }
        let sealed = try staged.sealedBytes()
        let found = try await rows("""
            WITH v AS (SELECT id, status FROM verifications WHERE id = \(owner) FOR UPDATE),
            open AS (SELECT id FROM v WHERE status = 'PENDING'),
            blob AS (
                INSERT INTO image_blobs (owner_id, name, sealed) SELECT id, \(name), \(sealed) FROM open
                ON CONFLICT (owner_id, name) DO UPDATE SET sealed = EXCLUDED.sealed),
            image AS (
                INSERT INTO images (owner_id, name, content_type, byte_count, created_at, cropped)
                SELECT id, \(name), \(contentType), \(byteCount), \(time), \(cropped) FROM open
                ON CONFLICT (owner_id, name) DO UPDATE SET content_type = EXCLUDED.content_type, byte_count = EXCLUDED.byte_count,
                                                         created_at = EXCLUDED.created_at, cropped = EXCLUDED.cropped),
            touched AS (UPDATE verifications SET updated_at = \(time) WHERE id IN (SELECT id FROM open))
            SELECT status FROM v
            """)
        let state = try found.first.flatMap { VerificationState(rawValue: try $0["status"].decode(String.self)) }
        return state == .pending ? .placed : .notPending(state)
    }

    /// A verification's state, its row locked until the transaction ends.
    static func lockedState(_ connection: PostgresConnection, _ id: String, logger: Logger) async throws -> VerificationState? {
        let found = try await connection.query("SELECT status FROM verifications WHERE id = \(id) FOR UPDATE", logger: logger).collect()
        return try found.first.flatMap { VerificationState(rawValue: try $0.decode(String.self)) }
    }

    /// Stores a staged file's sealed bytes as its owner's image.
    static func storeBlob(_ connection: PostgresConnection, _ staged: StagedImage, logger: Logger) async throws {
        try await connection.query(try storeBlobQuery(staged), logger: logger)
    }

    /// The statement that stores a staged image's sealed bytes (replacing an earlier upload of the name).
    static func storeBlobQuery(_ staged: StagedImage) throws -> PostgresQuery {
        let sealed = try staged.sealedBytes()
        return try """
            INSERT INTO image_blobs (owner_id, name, sealed) VALUES (\(staged.owner), \(staged.name), \(sealed))
            ON CONFLICT (owner_id, name) DO UPDATE SET sealed = EXCLUDED.sealed
            """
    }

    func imageContentType(owner: String, name: String) async throws -> String? {
        try await rows("SELECT content_type FROM images WHERE owner_id = \(owner) AND name = \(name)").first?["content_type"].decode(String.self)
    }

    func frameBatchCount(verificationID: String) async throws -> Int {
        try await rows("SELECT COUNT(*) AS n FROM frame_batches WHERE verification_id = \(verificationID)").first?["n"].decode(Int.self) ?? 0
    }

    func placeFrameBatch(id: String, verificationID: String, frames: [StagedImage], quota: Int, label: String?, sealedDetails: Data?) async throws -> UploadPlacement {
        defer { frames.forEach { $0.discard() } }
        return try await transaction { connection in
            let state = try await Self.lockedState(connection, verificationID, logger: logger)
            guard state == .pending else { return .notPending(state) }
            let held = try await connection.query("SELECT COUNT(*) FROM frame_batches WHERE verification_id = \(verificationID)", logger: logger).collect()
            guard try (held.first?.decode(Int.self) ?? 0) < quota else { return .quotaExceeded }
            for frame in frames { try await Self.storeBlob(connection, frame, logger: logger) }
            try await connection.query("""
                INSERT INTO frame_batches (id, verification_id, frame_count, created_at, label, sealed_details)
                VALUES (\(id), \(verificationID), \(frames.count), \(now()), \(label), \(sealedDetails))
                """, logger: logger)
            return .placed
        }
    }

    func validFrameBatches(verificationID: String) async throws -> [StoredFrameBatch] {
        try await rows("""
            SELECT id, label, frame_count, created_at, sealed_details FROM frame_batches
            WHERE verification_id = \(verificationID) AND valid ORDER BY created_at, id
            """).map {
            StoredFrameBatch(id: try $0["id"].decode(String.self), label: try $0["label"].decode(String?.self),
                             frameCount: try $0["frame_count"].decode(Int.self), createdAt: try $0["created_at"].decode(Double.self),
                             sealedDetails: try $0["sealed_details"].decode(Data?.self))
        }
    }

    /// Moves a pending verification to `PROCESSING` and queues its job, in one statement that locks
    /// the row first. Returns the state it was in.
    func finalizeVerification(_ id: String, tenantID: String, validBatchIds: [String]?) async throws -> VerificationState? {
        let time = now()
        // Without a list every batch stays valid: the condition below then matches none.
        let invalidate = validBatchIds != nil, valid = validBatchIds ?? []
        let found = try await rows("""
            WITH v AS (SELECT id, status FROM verifications WHERE id = \(id) AND tenant_id = \(tenantID) FOR UPDATE),
            invalid AS (
                UPDATE frame_batches SET valid = FALSE
                WHERE \(invalidate) AND verification_id IN (SELECT id FROM v WHERE status = 'PENDING') AND NOT (id = ANY(\(valid)))),
            moved AS (
                UPDATE verifications SET status = 'PROCESSING', updated_at = \(time)
                WHERE id IN (SELECT id FROM v WHERE status = 'PENDING') RETURNING id),
            queued AS (
                INSERT INTO jobs (kind, subject, state, run_at, created_at)
                SELECT \(JobKind.processVerification.rawValue), id, 'queued', \(time), \(time) FROM moved)
            SELECT status FROM v
            """)
        return try found.first.flatMap { VerificationState(rawValue: try $0["status"].decode(String.self)) }
    }

    func completeVerification(_ id: String, state: VerificationState, result: VerificationResult?, event: CallbackEvent?) async throws {
        let sealed = try result.map { try sealer.sealJSON($0, context: SQLiteStore.resultContext(id)) }
        let sealedEvent = try event.map { try $0.sealed(sealer) }
        let decision = result?.verificationStatus?.rawValue
        try await transaction { connection in
            guard try await Self.lockedState(connection, id, logger: logger) == .processing else { return }
            try await connection.query("""
                UPDATE verifications SET status = \(state.rawValue), verification_status = \(decision), sealed_result = \(sealed), updated_at = \(now())
                WHERE id = \(id)
                """, logger: logger)
            if let sealedEvent { try await Self.insertEvent(connection, sealedEvent, logger: logger) }
        }
    }

    func deleteVerification(_ id: String, tenantID: String?) async throws -> Bool {
        try await transaction { connection in
            let found = tenantID == nil
                ? try await connection.query("SELECT id FROM verifications WHERE id = \(id) FOR UPDATE", logger: logger).collect()
                : try await connection.query("SELECT id FROM verifications WHERE id = \(id) AND tenant_id = \(tenantID) FOR UPDATE", logger: logger).collect()
            guard !found.isEmpty else { return false }
            try await connection.query("""
                UPDATE verifications SET status = 'DELETED', verification_status = NULL, sealed_request = NULL, sealed_result = NULL, updated_at = \(now())
                WHERE id = \(id)
                """, logger: logger)
            try await connection.query("DELETE FROM images WHERE owner_id = \(id)", logger: logger)
            try await connection.query("DELETE FROM frame_batches WHERE verification_id = \(id)", logger: logger)
            try await connection.query("DELETE FROM jobs WHERE subject = \(id) AND kind = \(JobKind.processVerification.rawValue)", logger: logger)
            try await Self.eraseEvents(connection, subject: id, logger: logger)
            return true
        }
    }

    func expired(before cutoff: Double) async throws -> (verifications: [String], documents: [String]) {
        let verifications = try await rows("SELECT id FROM verifications WHERE created_at < \(cutoff) AND status <> 'DELETED'").map { try $0["id"].decode(String.self) }
        let documents = try await rows("SELECT id FROM documents WHERE created_at < \(cutoff) AND status <> 'DELETED'").map { try $0["id"].decode(String.self) }
        return (verifications, documents)
    }
}
