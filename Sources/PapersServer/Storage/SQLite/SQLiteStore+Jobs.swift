import Foundation
import GRDB

/// The durable job queue: a table in the same database, so a job is queued in the same transaction
/// as the state change that calls for it, and survives any crash.
///
/// A worker claims a job by setting a lease; a job whose lease ran out (its worker died) is claimed
/// again. SQLite serialises writers, so a claim cannot be taken twice.
extension SQLiteStore {
    /// Queues a job inside an open transaction.
    static func enqueue(_ db: Database, kind: JobKind, subject: String, runAt: Double = now()) throws {
        try db.execute(
            sql: "INSERT INTO jobs (kind, subject, state, run_at, created_at) VALUES (?, ?, 'queued', ?, ?)",
            arguments: [kind.rawValue, subject, runAt, now()])
    }

    /// Claims the oldest job of one of `kinds` that is due (or whose lease expired) for `lease` seconds.
    func claimJob(owner: String, lease: Double, kinds: [JobKind]) async throws -> Job? {
        try await write { db in
            let time = now()
            let placeholders = kinds.map { _ in "?" }.joined(separator: ", ")
            var arguments: StatementArguments = [time, time]
            arguments += StatementArguments(kinds.map(\.rawValue))
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, kind, subject, attempts FROM jobs
                WHERE ((state = 'queued' AND run_at <= ?) OR (state = 'running' AND lease_until < ?)) AND kind IN (\(placeholders))
                ORDER BY run_at, id LIMIT 1
                """, arguments: arguments) else { return nil }
            let id: Int64 = row["id"]
            try db.execute(
                sql: "UPDATE jobs SET state = 'running', lease_until = ?, lease_owner = ?, attempts = attempts + 1 WHERE id = ?",
                arguments: [time + lease, owner, id])
            guard let kind = JobKind(rawValue: row["kind"]) else {
                try db.execute(sql: "UPDATE jobs SET state = 'failed', last_error = 'unknown kind' WHERE id = ?", arguments: [id])
                return nil
            }
            return Job(id: id, kind: kind, subject: row["subject"], attempts: (row["attempts"] as Int) + 1, owner: owner)
        }
    }

    /// Extends the lease of a job its holder still holds; `false` when the claim was lost.
    func renewJob(_ job: Job, lease: Double) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "UPDATE jobs SET lease_until = ? WHERE id = ? AND state = 'running' AND lease_owner = ? AND attempts = ?",
                arguments: [now() + lease, job.id, job.owner, job.attempts])
            return db.changesCount > 0
        }
    }

    /// Removes a finished job (only for the worker that holds it).
    func completeJob(_ job: Job) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM jobs WHERE id = ? AND lease_owner = ? AND attempts = ?", arguments: [job.id, job.owner, job.attempts])
        }
    }

    /// Puts a job back to run again at `runAt` (only for the worker that holds it).
    func retryJob(_ job: Job, at runAt: Double, error: String) async throws {
        try await write { db in
            try db.execute(sql: """
                UPDATE jobs SET state = 'queued', run_at = ?, lease_until = NULL, lease_owner = NULL, last_error = ?
                WHERE id = ? AND lease_owner = ? AND attempts = ?
                """, arguments: [runAt, error, job.id, job.owner, job.attempts])
        }
    }

    /// Puts a job back unattempted (only for the worker that holds it).
    func releaseJob(_ job: Job, at runAt: Double) async throws {
        try await write { db in
            try db.execute(sql: """
                UPDATE jobs SET state = 'queued', run_at = ?, lease_until = NULL, lease_owner = NULL, attempts = attempts - 1
                WHERE id = ? AND lease_owner = ? AND attempts = ?
                """, arguments: [runAt, job.id, job.owner, job.attempts])
        }
    }

    /// Gives a job up for good, kept for operators to inspect (only for the worker that holds it).
    func failJob(_ job: Job, error: String) async throws {
        try await write { db in
            try db.execute(sql: """
                UPDATE jobs SET state = 'failed', lease_until = NULL, last_error = ? WHERE id = ? AND lease_owner = ? AND attempts = ?
                """, arguments: [error, job.id, job.owner, job.attempts])
        }
    }

    /// How many jobs are in each state, for `/metrics`.
    func jobCounts() async throws -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT state, COUNT(*) AS n FROM jobs GROUP BY state") {
                counts[row["state"]] = row["n"]
            }
            return counts
        }
    }
}
