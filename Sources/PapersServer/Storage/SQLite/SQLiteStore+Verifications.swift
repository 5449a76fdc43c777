import Foundation
import GRDB
import PapersVerification

extension SQLiteStore {
    static func requestContext(_ id: String) -> String { "verification-request:\(id)" }
    static func resultContext(_ id: String) -> String { "verification-result:\(id)" }

    /// Stores a new verification in `PENDING`.
    func insertVerification(tenantID: String, request: VerificationRequest) async throws -> VerificationRecord {
        let id = UUID().uuidString.lowercased()
        let sealed = try sealer.sealJSON(request, context: Self.requestContext(id))
        let time = now()
        try await write { db in
            try db.execute(
                sql: "INSERT INTO verifications (id, tenant_id, status, sealed_request, created_at, updated_at) VALUES (?, ?, 'PENDING', ?, ?, ?)",
                arguments: [id, tenantID, sealed, time, time])
        }
        return VerificationRecord(id: id, tenantID: tenantID, state: .pending, request: request, createdAt: time, updatedAt: time)
    }

    func verification(_ id: String, tenantID: String?) async throws -> VerificationRecord? {
        try await read { db in
            let found = tenantID == nil
                ? try Row.fetchOne(db, sql: "SELECT * FROM verifications WHERE id = ?", arguments: [id])
                : try Row.fetchOne(db, sql: "SELECT * FROM verifications WHERE id = ? AND tenant_id = ?", arguments: [id, tenantID])
            guard let row = found else { return nil }
            let images = try Row.fetchAll(db, sql: "SELECT name, cropped FROM images WHERE owner_id = ? ORDER BY name", arguments: [id])
            var record = try record(row, images: images.map { $0["name"] })
            record.croppedImages = Set(images.filter { $0["cropped"] as Bool }.map { $0["name"] as String })
            return record
        }
    }

    func record(_ row: Row, images: [String]) throws -> VerificationRecord {
        let id: String = row["id"]
        let request: VerificationRequest? = try (row["sealed_request"] as Data?).map {
            try sealer.openJSON(VerificationRequest.self, from: $0, context: Self.requestContext(id))
        }
        let result: VerificationResult? = try (row["sealed_result"] as Data?).map {
            try sealer.openJSON(VerificationResult.self, from: $0, context: Self.resultContext(id))
        }
        return VerificationRecord(
            id: id, tenantID: row["tenant_id"],
            state: VerificationState(rawValue: row["status"]) ?? .failed,
            decision: (row["verification_status"] as String?).flatMap(VerificationDecision.init(rawValue:)),
            request: request, result: result,
            createdAt: row["created_at"], updatedAt: row["updated_at"], images: images)
    }

    /// A page of the tenant's verifications, newest first, after the cursor `startingAfter`.
    func listVerifications(tenantID: String, limit: Int, startingAfter: String?) async throws -> (items: [VerificationSummary], hasMore: Bool) {
        try await read { db in
            var sql = "SELECT id, status, verification_status, created_at, updated_at FROM verifications WHERE tenant_id = ?"
            var arguments: StatementArguments = [tenantID]
            if let startingAfter {
                guard let seq = try Int64.fetchOne(db, sql: "SELECT seq FROM verifications WHERE id = ? AND tenant_id = ?", arguments: [startingAfter, tenantID]) else {
                    throw Problem.invalid("starting_after names no verification of yours")
                }
                sql += " AND seq < ?"
                arguments += [seq]
            }
            sql += " ORDER BY seq DESC LIMIT ?"
            arguments += [limit + 1]
            let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
            let items = rows.prefix(limit).map { row in
                VerificationSummary(
                    scanReference: row["id"], status: VerificationState(rawValue: row["status"]) ?? .failed,
                    verificationStatus: (row["verification_status"] as String?).flatMap(VerificationDecision.init(rawValue:)),
                    createdAt: Timestamp.iso(row["created_at"]), updatedAt: Timestamp.iso(row["updated_at"]))
            }
            return (Array(items), rows.count > limit)
        }
    }

    /// Moves a staged image into place and records it, if its verification is still `PENDING`:
    /// SQLite runs one writer at a time, so the check, the move and the record are one step
    /// against `finalize` and `DELETE`.
    func placeImage(_ staged: StagedImage, contentType: String, byteCount: Int, cropped: Bool) async throws -> UploadPlacement {
        try await write { db in
            let state = try Self.state(db, staged.owner)
            guard state == .pending else { return .notPending(state) }
            try staged.moveIntoPlace()
            try db.execute(
                sql: "INSERT OR REPLACE INTO images (owner_id, name, content_type, byte_count, created_at, cropped) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [staged.owner, staged.name, contentType, byteCount, now(), cropped])
            try db.execute(sql: "UPDATE verifications SET updated_at = ? WHERE id = ?", arguments: [now(), staged.owner])
            return .placed
        }
    }

    /// A verification's state, read inside a transaction.
    static func state(_ db: Database, _ id: String) throws -> VerificationState? {
        try String.fetchOne(db, sql: "SELECT status FROM verifications WHERE id = ?", arguments: [id]).flatMap(VerificationState.init(rawValue:))
    }

    /// The content type of a stored image, or `nil`.
    func imageContentType(owner: String, name: String) async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT content_type FROM images WHERE owner_id = ? AND name = ?", arguments: [owner, name])
        }
    }

    /// Records a frame batch.
    func frameBatchCount(verificationID: String) async throws -> Int {
        try await read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM frame_batches WHERE verification_id = ?", arguments: [verificationID]) ?? 0
        }
    }

    func placeFrameBatch(id: String, verificationID: String, frames: [StagedImage], quota: Int, label: String?, sealedDetails: Data?) async throws -> UploadPlacement {
        try await write { db in
            let state = try Self.state(db, verificationID)
            guard state == .pending else { return .notPending(state) }
            let held = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM frame_batches WHERE verification_id = ?", arguments: [verificationID]) ?? 0
            guard held < quota else { return .quotaExceeded }
            for frame in frames { try frame.moveIntoPlace() }
            try db.execute(
                sql: "INSERT INTO frame_batches (id, verification_id, frame_count, created_at, label, sealed_details) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [id, verificationID, frames.count, now(), label, sealedDetails])
            return .placed
        }
    }

    func validFrameBatches(verificationID: String) async throws -> [StoredFrameBatch] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, label, frame_count, created_at, sealed_details FROM frame_batches
                WHERE verification_id = ? AND valid = 1 ORDER BY created_at, id
                """, arguments: [verificationID]).map {
                StoredFrameBatch(id: $0["id"], label: $0["label"], frameCount: $0["frame_count"], createdAt: $0["created_at"],
                                 sealedDetails: $0["sealed_details"])
            }
        }
    }

    /// Moves a pending verification to `PROCESSING` and queues its job, atomically. Returns the
    /// state it was in (a second finalize changes nothing).
    func finalizeVerification(_ id: String, tenantID: String, validBatchIds: [String]?) async throws -> VerificationState? {
        try await write { db in
            guard let status = try String.fetchOne(db, sql: "SELECT status FROM verifications WHERE id = ? AND tenant_id = ?", arguments: [id, tenantID]),
                  let state = VerificationState(rawValue: status) else { return nil }
            if state == .pending {
                if let validBatchIds {
                    let placeholders = validBatchIds.map { _ in "?" }.joined(separator: ", ")
                    var arguments: StatementArguments = [id]
                    arguments += StatementArguments(validBatchIds)
                    try db.execute(sql: "UPDATE frame_batches SET valid = 0 WHERE verification_id = ?"
                                   + (validBatchIds.isEmpty ? "" : " AND id NOT IN (\(placeholders))"), arguments: arguments)
                }
                try db.execute(sql: "UPDATE verifications SET status = 'PROCESSING', updated_at = ? WHERE id = ?", arguments: [now(), id])
                try Self.enqueue(db, kind: .processVerification, subject: id)
            }
            return state
        }
    }

    /// Stores the outcome, and in the same transaction the callback event and its delivery job.
    func completeVerification(_ id: String, state: VerificationState, result: VerificationResult?, event: CallbackEvent?) async throws {
        let sealed = try result.map { try sealer.sealJSON($0, context: Self.resultContext(id)) }
        let sealedEvent = try event.map { try $0.sealed(sealer) }
        try await write { db in
            // A verification deleted while it was processed stays deleted.
            guard try String.fetchOne(db, sql: "SELECT status FROM verifications WHERE id = ?", arguments: [id]) == VerificationState.processing.rawValue else { return }
            try db.execute(
                sql: "UPDATE verifications SET status = ?, verification_status = ?, sealed_result = ?, updated_at = ? WHERE id = ?",
                arguments: [state.rawValue, result?.verificationStatus?.rawValue, sealed, now(), id])
            if let sealedEvent { try Self.insertEvent(db, sealedEvent) }
        }
    }

    /// Erases a verification's images, frames and data; the row keeps only its state and timestamps.
    /// Returns `false` when it does not exist for this tenant.
    func deleteVerification(_ id: String, tenantID: String?) async throws -> Bool {
        try await write { db -> Bool in
            let sql = tenantID == nil ? "SELECT id FROM verifications WHERE id = ?" : "SELECT id FROM verifications WHERE id = ? AND tenant_id = ?"
            let arguments: StatementArguments = tenantID.map { [id, $0] } ?? [id]
            guard try String.fetchOne(db, sql: sql, arguments: arguments) != nil else { return false }
            try db.execute(
                sql: "UPDATE verifications SET status = 'DELETED', verification_status = NULL, sealed_request = NULL, sealed_result = NULL, updated_at = ? WHERE id = ?",
                arguments: [now(), id])
            try db.execute(sql: "DELETE FROM images WHERE owner_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM frame_batches WHERE verification_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM jobs WHERE subject = ? AND kind = ?", arguments: [id, JobKind.processVerification.rawValue])
            try Self.eraseEvents(db, subject: id)
            return true
        }
    }

    /// Verifications and documents created before `cutoff` that still hold data.
    func expired(before cutoff: Double) async throws -> (verifications: [String], documents: [String]) {
        try await read { db in
            (try String.fetchAll(db, sql: "SELECT id FROM verifications WHERE created_at < ? AND status != 'DELETED'", arguments: [cutoff]),
             try String.fetchAll(db, sql: "SELECT id FROM documents WHERE created_at < ? AND status != 'DELETED'", arguments: [cutoff]))
        }
    }
}
