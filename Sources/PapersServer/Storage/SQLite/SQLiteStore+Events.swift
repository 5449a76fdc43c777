import Foundation
import GRDB

extension SQLiteStore {
    /// Inserts an event and queues its first delivery, inside an open transaction.
    static func insertEvent(_ db: Database, _ sealed: CallbackEvent.Sealed) throws {
        let event = sealed.event
        try db.execute(
            sql: "INSERT INTO events (id, tenant_id, subject_id, type, sealed_callback_url, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [event.id, event.tenantID, event.subjectID, event.type, sealed.sealedURL, sealed.sealedBody, now()])
        try enqueue(db, kind: .deliverCallback, subject: event.id)
    }

    /// Cancels the undelivered callbacks of an erased verification or document and empties the
    /// bodies and URLs of all its events, inside an open transaction.
    static func eraseEvents(_ db: Database, subject: String) throws {
        try db.execute(sql: "DELETE FROM jobs WHERE kind = ? AND subject IN (SELECT id FROM events WHERE subject_id = ?)",
                       arguments: [JobKind.deliverCallback.rawValue, subject])
        try db.execute(sql: """
            UPDATE events SET body = x'', sealed_callback_url = x'', given_up_at = COALESCE(delivered_at, given_up_at, ?)
            WHERE subject_id = ?
            """, arguments: [now(), subject])
    }

    /// A stored event still to deliver, with its creation time; `nil` when delivered or given up.
    func pendingEvent(_ id: String) async throws -> (event: CallbackEvent, createdAt: Double)? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM events WHERE id = ? AND delivered_at IS NULL AND given_up_at IS NULL", arguments: [id]) else {
                return nil
            }
            let url = String(decoding: try sealer.open(row["sealed_callback_url"], context: "event-url:\(id)"), as: UTF8.self)
            let event = CallbackEvent(id: id, tenantID: row["tenant_id"], subjectID: row["subject_id"], type: row["type"], callbackURL: url,
                                      body: try CallbackEvent.openBody(row["body"], id: id, sealer: sealer))
            return (event, row["created_at"])
        }
    }

    /// Records one delivery attempt and, when it settled the event, when.
    func recordDelivery(eventID: String, attempt: Int, statusCode: Int?, error: String?, durationMs: Double, delivered: Bool, givenUp: Bool) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO callback_attempts (event_id, attempt, attempted_at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [eventID, attempt, now(), statusCode, error, durationMs])
            if delivered { try db.execute(sql: "UPDATE events SET delivered_at = ? WHERE id = ?", arguments: [now(), eventID]) }
            if givenUp { try db.execute(sql: "UPDATE events SET given_up_at = ? WHERE id = ?", arguments: [now(), eventID]) }
        }
    }

    /// The delivery attempts of an event, oldest first (for operators and tests).
    func deliveryAttempts(eventID: String) async throws -> [(attempt: Int, statusCode: Int?)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT attempt, status_code FROM callback_attempts WHERE event_id = ? ORDER BY id", arguments: [eventID])
                .map { (attempt: $0["attempt"], statusCode: $0["status_code"]) }
        }
    }
}
