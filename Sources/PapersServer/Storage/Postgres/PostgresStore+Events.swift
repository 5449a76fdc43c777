import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    static func insertEvent(_ connection: PostgresConnection, _ sealed: CallbackEvent.Sealed, logger: Logger) async throws {
        let event = sealed.event
        try await connection.query("""
            INSERT INTO events (id, tenant_id, subject_id, type, sealed_callback_url, body, created_at)
            VALUES (\(event.id), \(event.tenantID), \(event.subjectID), \(event.type), \(sealed.sealedURL), \(sealed.sealedBody), \(now()))
            """, logger: logger)
        try await enqueue(connection, kind: .deliverCallback, subject: event.id, logger: logger)
    }

    /// Cancels the undelivered callbacks of an erased verification or document and empties the
    /// bodies and URLs of all its events, inside an open transaction.
    static func eraseEvents(_ connection: PostgresConnection, subject: String, logger: Logger) async throws {
        try await connection.query("""
            DELETE FROM jobs WHERE kind = \(JobKind.deliverCallback.rawValue) AND subject IN (SELECT id FROM events WHERE subject_id = \(subject))
            """, logger: logger)
        let empty = Data()
        try await connection.query("""
            UPDATE events SET body = \(empty), sealed_callback_url = \(empty), given_up_at = COALESCE(delivered_at, given_up_at, \(now()))
            WHERE subject_id = \(subject)
            """, logger: logger)
    }

    func pendingEvent(_ id: String) async throws -> (event: CallbackEvent, createdAt: Double)? {
        guard let row = try await rows("SELECT * FROM events WHERE id = \(id) AND delivered_at IS NULL AND given_up_at IS NULL").first else { return nil }
        let url = String(decoding: try sealer.open(try row["sealed_callback_url"].decode(Data.self), context: "event-url:\(id)"), as: UTF8.self)
        let event = CallbackEvent(
            id: id, tenantID: try row["tenant_id"].decode(String.self), subjectID: try row["subject_id"].decode(String.self),
            type: try row["type"].decode(String.self), callbackURL: url,
            body: try CallbackEvent.openBody(try row["body"].decode(Data.self), id: id, sealer: sealer))
        return (event, try row["created_at"].decode(Double.self))
    }

    func recordDelivery(eventID: String, attempt: Int, statusCode: Int?, error: String?, durationMs: Double, delivered: Bool, givenUp: Bool) async throws {
        let time = now()
        try await transaction { connection in
            try await connection.query("""
                INSERT INTO callback_attempts (event_id, attempt, attempted_at, status_code, error, duration_ms)
                VALUES (\(eventID), \(attempt), \(time), \(statusCode), \(error), \(durationMs))
                """, logger: logger)
            if delivered { try await connection.query("UPDATE events SET delivered_at = \(time) WHERE id = \(eventID)", logger: logger) }
            if givenUp { try await connection.query("UPDATE events SET given_up_at = \(time) WHERE id = \(eventID)", logger: logger) }
        }
    }

    func deliveryAttempts(eventID: String) async throws -> [(attempt: Int, statusCode: Int?)] {
        try await rows("SELECT attempt, status_code FROM callback_attempts WHERE event_id = \(eventID) ORDER BY id").map {
            (attempt: try $0["attempt"].decode(Int.self), statusCode: try $0["status_code"].decode(Int?.self))
        }
    }

    func reserveIdempotencyKey(tenantID: String, key: String, fingerprint: String, staleBefore: Double) async throws -> IdempotencyEntry? {
        // A new key, or an abandoned reservation (no response, made before `staleBefore`) taken over.
        let inserted = try await rows("""
            INSERT INTO idempotency_keys (tenant_id, key, fingerprint, created_at) VALUES (\(tenantID), \(key), \(fingerprint), \(now()))
            ON CONFLICT (tenant_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at
            WHERE idempotency_keys.status IS NULL AND idempotency_keys.created_at < \(staleBefore)
            RETURNING key
            """)
        guard inserted.isEmpty else { return nil }
        guard let row = try await rows("SELECT fingerprint, status, body FROM idempotency_keys WHERE tenant_id = \(tenantID) AND key = \(key)").first else {
            throw Problem.conflict("a request with this Idempotency-Key is still being handled")
        }
        return IdempotencyEntry(fingerprint: try row["fingerprint"].decode(String.self), status: try row["status"].decode(Int?.self), body: try row["body"].decode(Data?.self))
    }

    func storeIdempotentResponse(tenantID: String, key: String, fingerprint: String, status: Int, body: Data) async throws {
        _ = try await rows("""
            UPDATE idempotency_keys SET fingerprint = \(fingerprint), status = \(status), body = \(body)
            WHERE tenant_id = \(tenantID) AND key = \(key)
            """)
    }

    func removeAbandonedIdempotencyKeys(staleBefore: Double) async throws {
        _ = try await rows("DELETE FROM idempotency_keys WHERE status IS NULL AND created_at < \(staleBefore)")
    }

    func releaseIdempotencyKey(tenantID: String, key: String) async throws {
        _ = try await rows("DELETE FROM idempotency_keys WHERE tenant_id = \(tenantID) AND key = \(key)")
    }
}
