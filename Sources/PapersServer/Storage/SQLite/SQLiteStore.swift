import Foundation
import GRDB

/// The server's database: an embedded SQLite file in WAL mode, opened through GRDB.
///
/// Deleted rows are overwritten (`secure_delete`), so deleting a verification removes its bytes
/// from the file, not just the index entries. Everything that identifies a person is sealed with
/// the ``Sealer`` before it is written.
struct SQLiteStore: ServerStore {
    let pool: DatabasePool

    /// Opens (creating if needed) the database file and brings its schema up to date.
    init(path: String) throws(ServerError) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
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
            try db.execute(sql: Schema.version1)
        }
        return migrator
    }
}

/// Seconds since 1970 with millisecond precision, the form every timestamp is stored in.
func now() -> Double {
    (Date().timeIntervalSince1970 * 1000).rounded() / 1000
}

/// The tables. Columns named `sealed_*` hold AES-GCM blobs.
enum Schema {
    static let version1 = """
    CREATE TABLE tenants (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        token TEXT NOT NULL UNIQUE,
        secret_hash BLOB NOT NULL,
        sealed_webhook_secret BLOB NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE verifications (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        status TEXT NOT NULL,
        verification_status TEXT,
        sealed_request BLOB,
        sealed_result BLOB,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX verifications_by_tenant ON verifications(tenant_id, seq);
    CREATE INDEX verifications_by_age ON verifications(created_at);
    CREATE TABLE documents (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        type TEXT NOT NULL,
        status TEXT NOT NULL,
        page_count INTEGER NOT NULL,
        sealed_request BLOB,
        sealed_result BLOB,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX documents_by_age ON documents(created_at);
    CREATE TABLE images (
        owner_id TEXT NOT NULL,
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        byte_count INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (owner_id, name)
    );
    CREATE TABLE frame_batches (
        id TEXT PRIMARY KEY,
        verification_id TEXT NOT NULL,
        frame_count INTEGER NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE idempotency_keys (
        tenant_id TEXT NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER,
        body BLOB,
        created_at REAL NOT NULL,
        PRIMARY KEY (tenant_id, key)
    );
    CREATE TABLE jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        run_at REAL NOT NULL,
        lease_until REAL,
        lease_owner TEXT,
        last_error TEXT,
        created_at REAL NOT NULL
    );
    CREATE INDEX jobs_ready ON jobs(state, run_at);
    CREATE TABLE events (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        subject_id TEXT NOT NULL,
        type TEXT NOT NULL,
        sealed_callback_url BLOB NOT NULL,
        body BLOB NOT NULL,
        created_at REAL NOT NULL,
        delivered_at REAL,
        given_up_at REAL
    );
    CREATE TABLE callback_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL REFERENCES events(id),
        attempt INTEGER NOT NULL,
        attempted_at REAL NOT NULL,
        status_code INTEGER,
        error TEXT,
        duration_ms REAL NOT NULL
    );
    """
}
