import Foundation
import ServiceLifecycle
import GRDB

/// The server's database: an embedded SQLite file in WAL mode, opened through GRDB.
///
/// Deleted rows are overwritten (`secure_delete`), so deleting a verification removes its bytes
/// from the file, not just the index entries. Everything that identifies a person is sealed with
/// the ``Sealer`` before it is written.
struct SQLiteStore: ServerStore {
    let pool: DatabasePool
    /// Seals and opens what identifies a person before it reaches a row.
    let sealer: Sealer
    /// An embedded file needs nothing running beside it.
    var connectionService: (any Service)? { nil }

    /// Opens (creating if needed) the database file and brings its schema up to date.
    init(path: String, sealer: Sealer) throws(ServerError) {
        self.sealer = sealer
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // The database and its journal are owner-only wherever they are (`--db` may name a
            // file outside the data directory): made empty with 0600 first, as SQLite keeps a
            // file's mode for the journal files it makes beside it.
            if !FileManager.default.fileExists(atPath: path) {
                FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
            for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
            }
        } catch {
            throw ServerError(.storageFailure, "cannot open the database at \(path): \(error)")
        }
    }

    /// Runs `work` in a write transaction, mapping database errors to ``ServerError``.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(work)
        } catch let error as ServerError {
            throw error
        } catch let error as Problem {
            throw error
        } catch {
            throw ServerError(.storageFailure, "database write failed: \(error)")
        }
    }

    /// Runs `work` on a read snapshot.
    func read<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(work)
        } catch let error as ServerError {
            throw error
        } catch let error as Problem {
            throw error
        } catch {
            throw ServerError(.storageFailure, "database read failed: \(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: SQLiteSchema.version1)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: SQLiteSchema.version2)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: SQLiteSchema.version3)
        }
        migrator.registerMigration("v4") { db in
            try db.execute(sql: SQLiteSchema.version4)
        }
        return migrator
    }
}

/// Seconds since 1970 with millisecond precision, the form every timestamp is stored in.
func now() -> Double {
    (Date().timeIntervalSince1970 * 1000).rounded() / 1000
}
