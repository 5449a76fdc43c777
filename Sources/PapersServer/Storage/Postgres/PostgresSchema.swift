import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOSSL
import PostgresNIO

/// The tables, as in ``Schema`` for SQLite, in PostgreSQL's types; images get a table of their own.
enum PostgresSchema {
    /// The statements that bring the schema from version `index` to `index + 1`, in order.
    static let migrations = [version1, version2, version3, version4, version5]

    /// Images uploaded already cropped to the document (AuthenticID's AutoCrop).
    static let version5 = ["ALTER TABLE images ADD COLUMN cropped BOOLEAN NOT NULL DEFAULT FALSE"]

    /// Settings of the database itself: the key check value and where that key came from.
    static let version2 = ["CREATE TABLE papers_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)"]

    /// Sealed bytes do not compress: stored out of line without PostgreSQL trying to.
    static let version3 = ["ALTER TABLE image_blobs ALTER COLUMN sealed SET STORAGE EXTERNAL"]

    /// Frame batches keep their label, their sealed metadata and capture times, and whether
    /// finalize named them valid.
    static let version4 = [
        "ALTER TABLE frame_batches ADD COLUMN label TEXT",
        "ALTER TABLE frame_batches ADD COLUMN sealed_details BYTEA",
        "ALTER TABLE frame_batches ADD COLUMN valid BOOLEAN NOT NULL DEFAULT TRUE",
    ]

    static let version1 = [
        """
        CREATE TABLE tenants (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, token TEXT NOT NULL UNIQUE,
            secret_hash BYTEA NOT NULL, sealed_webhook_secret BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL)
        """,
        """
        CREATE TABLE verifications (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, tenant_id TEXT NOT NULL REFERENCES tenants(id),
            status TEXT NOT NULL, verification_status TEXT, sealed_request BYTEA, sealed_result BYTEA,
            created_at DOUBLE PRECISION NOT NULL, updated_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX verifications_by_tenant ON verifications(tenant_id, seq)",
        "CREATE INDEX verifications_by_age ON verifications(created_at)",
        """
        CREATE TABLE documents (
            seq BIGSERIAL PRIMARY KEY, id TEXT NOT NULL UNIQUE, tenant_id TEXT NOT NULL REFERENCES tenants(id),
            type TEXT NOT NULL, status TEXT NOT NULL, page_count INTEGER NOT NULL, sealed_request BYTEA, sealed_result BYTEA,
            created_at DOUBLE PRECISION NOT NULL, updated_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX documents_by_age ON documents(created_at)",
        """
        CREATE TABLE images (
            owner_id TEXT NOT NULL, name TEXT NOT NULL, content_type TEXT NOT NULL, byte_count BIGINT NOT NULL,
            created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (owner_id, name))
        """,
        "CREATE TABLE image_blobs (owner_id TEXT NOT NULL, name TEXT NOT NULL, sealed BYTEA NOT NULL, PRIMARY KEY (owner_id, name))",
        """
        CREATE TABLE frame_batches (
            id TEXT PRIMARY KEY, verification_id TEXT NOT NULL, frame_count INTEGER NOT NULL, created_at DOUBLE PRECISION NOT NULL)
        """,
        """
        CREATE TABLE idempotency_keys (
            tenant_id TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, body BYTEA,
            created_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (tenant_id, key))
        """,
        """
        CREATE TABLE jobs (
            id BIGSERIAL PRIMARY KEY, kind TEXT NOT NULL, subject TEXT NOT NULL, state TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0, run_at DOUBLE PRECISION NOT NULL, lease_until DOUBLE PRECISION,
            lease_owner TEXT, last_error TEXT, created_at DOUBLE PRECISION NOT NULL)
        """,
        "CREATE INDEX jobs_ready ON jobs(state, run_at)",
        """
        CREATE TABLE events (
            id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, subject_id TEXT NOT NULL, type TEXT NOT NULL,
            sealed_callback_url BYTEA NOT NULL, body BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL,
            delivered_at DOUBLE PRECISION, given_up_at DOUBLE PRECISION)
        """,
        """
        CREATE TABLE callback_attempts (
            id BIGSERIAL PRIMARY KEY, event_id TEXT NOT NULL REFERENCES events(id), attempt INTEGER NOT NULL,
            attempted_at DOUBLE PRECISION NOT NULL, status_code INTEGER, error TEXT, duration_ms DOUBLE PRECISION NOT NULL)
        """,
    ]
}
