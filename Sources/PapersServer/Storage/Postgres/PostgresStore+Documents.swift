import Foundation
import PostgresNIO
import PapersVerification

extension PostgresStore {
    func insertDocument(id: String, tenantID: String, kind: DocumentKind, pageCount: Int, callbackURL: String?) async throws {
        let sealedRequest = try callbackURL.map { try sealer.seal(Data($0.utf8), context: SQLiteStore.documentRequestContext(id)) }
        let time = now()
        try await transaction { connection in
            try await connection.query("""
                INSERT INTO documents (id, tenant_id, type, status, page_count, sealed_request, created_at, updated_at)
                VALUES (\(id), \(tenantID), \(kind.rawValue), 'PROCESSING', \(pageCount), \(sealedRequest), \(time), \(time))
                """, logger: logger)
            try await Self.enqueue(connection, kind: .processDocument, subject: id, logger: logger)
        }
    }

    func document(_ id: String, tenantID: String?) async throws -> DocumentRecord? {
        let found = tenantID == nil
            ? try await rows("SELECT * FROM documents WHERE id = \(id)")
            : try await rows("SELECT * FROM documents WHERE id = \(id) AND tenant_id = \(tenantID)")
        guard let row = found.first else { return nil }
        let callbackURL = try row["sealed_request"].decode(Data?.self).map {
            String(decoding: try sealer.open($0, context: SQLiteStore.documentRequestContext(id)), as: UTF8.self)
        }
        let result = try row["sealed_result"].decode(Data?.self).map {
            try sealer.openJSON(DocumentResult.self, from: $0, context: SQLiteStore.documentResultContext(id))
        }
        return DocumentRecord(
            id: id, tenantID: try row["tenant_id"].decode(String.self), kind: DocumentKind(rawValue: try row["type"].decode(String.self)) ?? .auto,
            status: DocumentStatus(rawValue: try row["status"].decode(String.self)) ?? .failed, pageCount: try row["page_count"].decode(Int.self), callbackURL: callbackURL, result: result,
            createdAt: try row["created_at"].decode(Double.self), updatedAt: try row["updated_at"].decode(Double.self))
    }

    func completeDocument(_ id: String, status: DocumentStatus, result: DocumentResult?, event: CallbackEvent?) async throws {
        let sealed = try result.map { try sealer.sealJSON($0, context: SQLiteStore.documentResultContext(id)) }
        let sealedEvent = try event.map { try $0.sealed(sealer) }
        try await transaction { connection in
            let found = try await connection.query("SELECT status FROM documents WHERE id = \(id) FOR UPDATE", logger: logger).collect()
            guard try found.first?.decode(String.self) == "PROCESSING" else { return }
            try await connection.query("UPDATE documents SET status = \(status.rawValue), sealed_result = \(sealed), updated_at = \(now()) WHERE id = \(id)", logger: logger)
            if let sealedEvent { try await Self.insertEvent(connection, sealedEvent, logger: logger) }
        }
    }

    func deleteDocument(_ id: String, tenantID: String?) async throws -> Bool {
        try await transaction { connection in
            let found = tenantID == nil
                ? try await connection.query("SELECT id FROM documents WHERE id = \(id) FOR UPDATE", logger: logger).collect()
                : try await connection.query("SELECT id FROM documents WHERE id = \(id) AND tenant_id = \(tenantID) FOR UPDATE", logger: logger).collect()
            guard !found.isEmpty else { return false }
            try await connection.query("UPDATE documents SET status = 'DELETED', sealed_request = NULL, sealed_result = NULL, updated_at = \(now()) WHERE id = \(id)", logger: logger)
            try await connection.query("DELETE FROM images WHERE owner_id = \(id)", logger: logger)
            try await connection.query("DELETE FROM jobs WHERE subject = \(id) AND kind = \(JobKind.processDocument.rawValue)", logger: logger)
            try await Self.eraseEvents(connection, subject: id, logger: logger)
            return true
        }
    }
}
