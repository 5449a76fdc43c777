import Foundation
import GRDB

/// The tables. Columns named `sealed_*` hold AES-GCM blobs.
enum SQLiteSchema {
    /// Settings of the database itself: the key check value and where that key came from.
    static let version2 = "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)"

    /// Frame batches keep their label, their sealed metadata and capture times, and whether
    /// finalize named them valid.
    /// Images uploaded already cropped to the document (AuthenticID's AutoCrop).
    static let version4 = "ALTER TABLE images ADD COLUMN cropped INTEGER NOT NULL DEFAULT 0"

    static let version3 = """
    ALTER TABLE frame_batches ADD COLUMN label TEXT;
    ALTER TABLE frame_batches ADD COLUMN sealed_details BLOB;
    ALTER TABLE frame_batches ADD COLUMN valid INTEGER NOT NULL DEFAULT 1;
    """

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
