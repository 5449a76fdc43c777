import Foundation
import GRDB

/// A callback to deliver: the JSON body is fixed when the event is made, so every retry sends the
/// same bytes with the same `eventId`. Bodies carry states and references, never document data.
struct CallbackEvent: Sendable {
    let id: String
    let tenantID: String
    let subjectID: String
    let type: String
    let callbackURL: String
    let body: Data

    /// The body of a finished verification's callback.
    struct VerificationBody: Encodable {
        let eventId: String
        let type: String
        let scanReference: String
        let status: String
        let verificationStatus: String?
        let rejectReason: RejectReason?
        let customerInternalReference: String?
        let createdAt: String
    }

    /// The body of a finished document's callback.
    struct DocumentBody: Encodable {
        let eventId: String
        let type: String
        let documentId: String
        let status: String
        let createdAt: String
    }

    static func verification(_ record: VerificationRecord, state: VerificationState, result: VerificationResult?) -> CallbackEvent? {
        guard let url = record.request?.callbackUrl else { return nil }
        let id = UUID().uuidString.lowercased()
        let type = "verification.\(state == .done ? "completed" : "failed")"
        let body = VerificationBody(
            eventId: id, type: type, scanReference: record.id, status: state.rawValue,
            verificationStatus: result?.verificationStatus?.rawValue, rejectReason: result?.rejectReason,
            customerInternalReference: record.request?.customerInternalReference, createdAt: Timestamp.iso(now()))
        return CallbackEvent(id: id, tenantID: record.tenantID, subjectID: record.id, type: type, callbackURL: url, body: encode(body))
    }

    static func document(id documentID: String, tenantID: String, callbackURL: String?, state: String) -> CallbackEvent? {
        guard let callbackURL else { return nil }
        let id = UUID().uuidString.lowercased()
        let type = "document.\(state == "DONE" ? "completed" : "failed")"
        let body = DocumentBody(eventId: id, type: type, documentId: documentID, status: state, createdAt: Timestamp.iso(now()))
        return CallbackEvent(id: id, tenantID: tenantID, subjectID: documentID, type: type, callbackURL: callbackURL, body: encode(body))
    }

    static func encode(_ body: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(body)) ?? Data("{}".utf8)
    }

    /// The event with its URL sealed, ready to insert.
    struct Sealed: Sendable {
        let event: CallbackEvent
        let sealedURL: Data
    }

    func sealed(_ sealer: Sealer) throws(ServerError) -> Sealed {
        Sealed(event: self, sealedURL: try sealer.seal(Data(callbackURL.utf8), context: "event-url:\(id)"))
    }
}

extension ServerDatabase {
    /// Inserts an event and queues its first delivery, inside an open transaction.
    static func insertEvent(_ db: Database, _ sealed: CallbackEvent.Sealed) throws {
        let event = sealed.event
        try db.execute(
            sql: "INSERT INTO events (id, tenant_id, subject_id, type, sealed_callback_url, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [event.id, event.tenantID, event.subjectID, event.type, sealed.sealedURL, event.body, now()])
        try enqueue(db, kind: .deliverCallback, subject: event.id)
    }

    /// A stored event still to deliver, with its creation time; `nil` when delivered or given up.
    func pendingEvent(_ id: String, sealer: Sealer) async throws -> (event: CallbackEvent, createdAt: Double)? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM events WHERE id = ? AND delivered_at IS NULL AND given_up_at IS NULL", arguments: [id]) else {
                return nil
            }
            let url = String(decoding: try sealer.open(row["sealed_callback_url"], context: "event-url:\(id)"), as: UTF8.self)
            let event = CallbackEvent(id: id, tenantID: row["tenant_id"], subjectID: row["subject_id"], type: row["type"], callbackURL: url, body: row["body"])
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
    public func deliveryAttempts(eventID: String) async throws -> [(attempt: Int, statusCode: Int?)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT attempt, status_code FROM callback_attempts WHERE event_id = ? ORDER BY id", arguments: [eventID])
                .map { (attempt: $0["attempt"], statusCode: $0["status_code"]) }
        }
    }
}
