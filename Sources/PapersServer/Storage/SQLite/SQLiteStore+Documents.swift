import Foundation
import GRDB
import PapersVerification

extension SQLiteStore {
    static func documentRequestContext(_ id: String) -> String { "document-request:\(id)" }
    static func documentResultContext(_ id: String) -> String { "document-result:\(id)" }

    /// Stores a document whose pages are already written, and queues its processing.
    func insertDocument(id: String, tenantID: String, kind: DocumentKind, pageCount: Int, callbackURL: String?) async throws {
        let sealedRequest = try callbackURL.map { try sealer.seal(Data($0.utf8), context: Self.documentRequestContext(id)) }
        let time = now()
        try await write { db in
            try db.execute(
                sql: "INSERT INTO documents (id, tenant_id, type, status, page_count, sealed_request, created_at, updated_at) VALUES (?, ?, ?, 'PROCESSING', ?, ?, ?, ?)",
                arguments: [id, tenantID, kind.rawValue, pageCount, sealedRequest, time, time])
            try Self.enqueue(db, kind: .processDocument, subject: id)
        }
    }

    /// The document, opened; with `tenantID` only when it belongs to that tenant.
    func document(_ id: String, tenantID: String?) async throws -> DocumentRecord? {
        try await read { db in
            let found = tenantID == nil
                ? try Row.fetchOne(db, sql: "SELECT * FROM documents WHERE id = ?", arguments: [id])
                : try Row.fetchOne(db, sql: "SELECT * FROM documents WHERE id = ? AND tenant_id = ?", arguments: [id, tenantID])
            guard let row = found else { return nil }
            return try documentRecord(row)
        }
    }

    func documentRecord(_ row: Row) throws -> DocumentRecord {
        let id: String = row["id"]
        let callbackURL = try (row["sealed_request"] as Data?).map {
            String(decoding: try sealer.open($0, context: Self.documentRequestContext(id)), as: UTF8.self)
        }
        let result = try (row["sealed_result"] as Data?).map {
            try sealer.openJSON(DocumentResult.self, from: $0, context: Self.documentResultContext(id))
        }
        return DocumentRecord(
            id: id, tenantID: row["tenant_id"], kind: DocumentKind(rawValue: row["type"]) ?? .auto, status: DocumentStatus(rawValue: row["status"]) ?? .failed,
            pageCount: row["page_count"], callbackURL: callbackURL, result: result, createdAt: row["created_at"], updatedAt: row["updated_at"])
    }

    /// Stores the outcome and its callback event in one transaction.
    func completeDocument(_ id: String, status: DocumentStatus, result: DocumentResult?, event: CallbackEvent?) async throws {
        let sealed = try result.map { try sealer.sealJSON($0, context: Self.documentResultContext(id)) }
        let sealedEvent = try event.map { try $0.sealed(sealer) }
        try await write { db in
            guard try String.fetchOne(db, sql: "SELECT status FROM documents WHERE id = ?", arguments: [id]) == "PROCESSING" else { return }
            try db.execute(sql: "UPDATE documents SET status = ?, sealed_result = ?, updated_at = ? WHERE id = ?", arguments: [status.rawValue, sealed, now(), id])
            if let sealedEvent { try Self.insertEvent(db, sealedEvent) }
        }
    }

    /// Erases a document's pages and data. Returns `false` when it does not exist for this tenant.
    func deleteDocument(_ id: String, tenantID: String?) async throws -> Bool {
        try await write { db -> Bool in
            let sql = tenantID == nil ? "SELECT id FROM documents WHERE id = ?" : "SELECT id FROM documents WHERE id = ? AND tenant_id = ?"
            let arguments: StatementArguments = tenantID.map { [id, $0] } ?? [id]
            guard try String.fetchOne(db, sql: sql, arguments: arguments) != nil else { return false }
            try db.execute(sql: "UPDATE documents SET status = 'DELETED', sealed_request = NULL, sealed_result = NULL, updated_at = ? WHERE id = ?", arguments: [now(), id])
            try db.execute(sql: "DELETE FROM images WHERE owner_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM jobs WHERE subject = ? AND kind = ?", arguments: [id, JobKind.processDocument.rawValue])
            try Self.eraseEvents(db, subject: id)
            return true
        }
    }
}
