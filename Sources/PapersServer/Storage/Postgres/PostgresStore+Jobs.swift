import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    static func enqueue(_ connection: PostgresConnection, kind: JobKind, subject: String, runAt: Double = now(), logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO jobs (kind, subject, state, run_at, created_at) VALUES (\(kind.rawValue), \(subject), 'queued', \(runAt), \(now()))
            """, logger: logger)
    }

    /// Claims a due job; `SKIP LOCKED` lets every process on the database claim a different one.
    func claimJob(owner: String, lease: Double, kinds: [JobKind]) async throws -> Job? {
        let time = now()
        let names = kinds.map(\.rawValue)
        let claimed = try await rows("""
            UPDATE jobs SET state = 'running', lease_until = \(time + lease), lease_owner = \(owner), attempts = attempts + 1
            WHERE id = (
                SELECT id FROM jobs
                WHERE ((state = 'queued' AND run_at <= \(time)) OR (state = 'running' AND lease_until < \(time)))
                  AND kind = ANY(\(names))
                ORDER BY run_at, id LIMIT 1
                FOR UPDATE SKIP LOCKED)
            RETURNING id, kind, subject, attempts
            """)
        guard let row = claimed.first else { return nil }
        let id = try row["id"].decode(Int.self)
        guard let kind = JobKind(rawValue: try row["kind"].decode(String.self)) else {
            _ = try await rows("UPDATE jobs SET state = 'failed', last_error = 'unknown kind' WHERE id = \(id)")
            return nil
        }
        return Job(id: Int64(id), kind: kind, subject: try row["subject"].decode(String.self), attempts: try row["attempts"].decode(Int.self), owner: owner)
    }

    func renewJob(_ job: Job, lease: Double) async throws -> Bool {
        !(try await rows("""
            UPDATE jobs SET lease_until = \(now() + lease)
            WHERE id = \(Int(job.id)) AND state = 'running' AND lease_owner = \(job.owner) AND attempts = \(job.attempts)
            RETURNING id
            """)).isEmpty
    }

    func completeJob(_ job: Job) async throws {
        _ = try await rows("DELETE FROM jobs WHERE id = \(Int(job.id)) AND lease_owner = \(job.owner) AND attempts = \(job.attempts)")
    }

    func retryJob(_ job: Job, at runAt: Double, error: String) async throws {
        _ = try await rows("""
            UPDATE jobs SET state = 'queued', run_at = \(runAt), lease_until = NULL, lease_owner = NULL, last_error = \(error)
            WHERE id = \(Int(job.id)) AND lease_owner = \(job.owner) AND attempts = \(job.attempts)
            """)
    }

    func releaseJob(_ job: Job, at runAt: Double) async throws {
        _ = try await rows("""
            UPDATE jobs SET state = 'queued', run_at = \(runAt), lease_until = NULL, lease_owner = NULL, attempts = attempts - 1
            WHERE id = \(Int(job.id)) AND lease_owner = \(job.owner) AND attempts = \(job.attempts)
            """)
    }

    func failJob(_ job: Job, error: String) async throws {
        _ = try await rows("""
            UPDATE jobs SET state = 'failed', lease_until = NULL, last_error = \(error)
            WHERE id = \(Int(job.id)) AND lease_owner = \(job.owner) AND attempts = \(job.attempts)
            """)
    }

    func jobCounts() async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try await rows("SELECT state, COUNT(*) AS n FROM jobs GROUP BY state") {
            counts[try row["state"].decode(String.self)] = try row["n"].decode(Int.self)
        }
        return counts
    }
}
