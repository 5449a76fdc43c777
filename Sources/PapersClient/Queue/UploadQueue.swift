import Foundation
import GRDB

/// The durable queue: one SQLite file the app chooses, one row per item. An item is written
/// before anything is sent, and every step it takes is written as it completes, so a process
/// that dies (or a device that reboots) continues where it stopped.
public final class UploadQueue: Sendable {
    private let database: DatabaseQueue

    /// Opens (or creates) the queue at `path`.
    ///
    /// - Throws: ``UploadQueueError`` when the file cannot be opened or is not a queue.
    public init(path: String) throws(UploadQueueError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            database = try DatabaseQueue(path: path)
            // WAL with NORMAL sync: a write survives the app's crash at once (the kernel has it);
            // a power cut may lose the last writes, which then go again under the same keys.
            _ = try database.writeWithoutTransaction { db in
                try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            try database.write { db in
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS items (
                        source_id TEXT PRIMARY KEY, kind TEXT NOT NULL, files TEXT NOT NULL, state TEXT NOT NULL,
                        attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at DOUBLE NOT NULL, document_id TEXT,
                        files_sent INTEGER NOT NULL DEFAULT 0, finalized INTEGER NOT NULL DEFAULT 0, last_error TEXT,
                        created_at DOUBLE NOT NULL)
                    """)
            }
        } catch {
            throw UploadQueueError(.cannotOpen, "the queue at \(path) cannot be opened or is not a Papers queue")
        }
    }

    /// Queues a document, or returns the item already queued under `sourceId` (`isNew` false):
    /// naming a document twice never sends it twice.
    public func enqueue(sourceId: String, kind: String, files: [String], at time: Double = Date().timeIntervalSince1970)
        throws(UploadQueueError) -> (item: QueueItem, isNew: Bool) {
        try access { db in
            if let existing = try Self.item(db, sourceId) { return (existing, false) }
            let item = QueueItem(sourceId: sourceId, kind: kind, files: files, state: .queued, attempts: 0, nextAttemptAt: time,
                                 documentId: nil, filesSent: 0, finalized: false, lastError: nil, createdAt: time)
            try Self.save(db, item, inserting: true)
            return (item, true)
        }
    }

    /// The item queued under `sourceId`.
    public func item(_ sourceId: String) throws(UploadQueueError) -> QueueItem? {
        try access { db in try Self.item(db, sourceId) }
    }

    /// Every item, oldest first.
    public func items() throws(UploadQueueError) -> [QueueItem] {
        try access { db in try Row.fetchAll(db, sql: "SELECT * FROM items ORDER BY created_at, source_id").map(Self.item) }
    }

    /// The items still to be sent or followed, oldest first.
    public func pending() throws(UploadQueueError) -> [QueueItem] {
        try items().filter { !$0.state.isFinal }
    }

    /// Writes an item's progress.
    public func update(_ item: QueueItem) throws(UploadQueueError) {
        try access { db in try Self.save(db, item, inserting: false) }
    }

    /// Puts items given up back in the queue, attempts reset; returns how many.
    public func retryFailed(at time: Double = Date().timeIntervalSince1970) throws(UploadQueueError) -> Int {
        try access { db in
            try db.execute(sql: "UPDATE items SET state = 'queued', attempts = 0, next_attempt_at = ? WHERE state = 'permanentlyFailed'",
                           arguments: [time])
            return db.changesCount
        }
    }

    /// Removes one item; `false` when the queue does not hold it.
    public func remove(_ sourceId: String) throws(UploadQueueError) -> Bool {
        try access { db in
            try db.execute(sql: "DELETE FROM items WHERE source_id = ?", arguments: [sourceId])
            return db.changesCount > 0
        }
    }

    /// Removes the items that are finished (processed or given up); returns how many.
    public func clearFinished() throws(UploadQueueError) -> Int {
        try access { db in
            try db.execute(sql: "DELETE FROM items WHERE state IN ('processedSuccess', 'processedFailed', 'permanentlyFailed')")
            return db.changesCount
        }
    }

    private func access<T>(_ work: (Database) throws -> T) throws(UploadQueueError) -> T {
        do {
            return try database.write(work)
        } catch {
            throw UploadQueueError(.storageFailure, "the queue file cannot be read or written")
        }
    }

    private static func item(_ db: Database, _ sourceId: String) throws -> QueueItem? {
        try Row.fetchOne(db, sql: "SELECT * FROM items WHERE source_id = ?", arguments: [sourceId]).map(item)
    }

    private static func item(_ row: Row) -> QueueItem {
        let files = (try? JSONDecoder().decode([String].self, from: Data((row["files"] as String).utf8))) ?? []
        return QueueItem(sourceId: row["source_id"], kind: row["kind"], files: files,
                         state: QueueItem.State(rawValue: row["state"]) ?? .queued, attempts: row["attempts"],
                         nextAttemptAt: row["next_attempt_at"], documentId: row["document_id"], filesSent: row["files_sent"],
                         finalized: row["finalized"], lastError: row["last_error"], createdAt: row["created_at"])
    }

    private static func save(_ db: Database, _ item: QueueItem, inserting: Bool) throws {
        let files = String(decoding: try JSONEncoder().encode(item.files), as: UTF8.self)
        let arguments: StatementArguments = [item.sourceId, item.kind, files, item.state.rawValue, item.attempts, item.nextAttemptAt,
                                             item.documentId, item.filesSent, item.finalized, item.lastError, item.createdAt]
        try db.execute(sql: """
            \(inserting ? "INSERT" : "REPLACE") INTO items (source_id, kind, files, state, attempts, next_attempt_at, document_id,
                files_sent, finalized, last_error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: arguments)
    }
}
