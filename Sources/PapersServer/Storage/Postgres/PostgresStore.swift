import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOSSL
import PostgresNIO

/// The server's database on PostgreSQL, for deployments where several `papers serve` processes
/// share one database: jobs are claimed with `FOR UPDATE SKIP LOCKED`, so each job runs once
/// while every process takes a share, and images live in the database beside the rest of the data.
///
/// The connection pool (`PostgresClient`) must be running (it is one of the application's
/// services); the schema is created or upgraded on first use, under an advisory lock so that
/// processes starting together do not race.
struct PostgresStore: ServerStore, CustomStringConvertible {
    let client: PostgresClient
    let logger: Logger
    /// The schema migration, started by the first query (when the pool is running).
    private let migration = NIOLockedValueBox<Task<Void, any Error>?>(nil)

    var description: String { "PostgresStore" }

    /// Connects to `url` (`postgres://user:password@host:port/database?sslmode=disable|prefer|require`).
    init(url: String, logger: Logger) throws(ServerError) {
        client = PostgresClient(configuration: try Self.configuration(url), backgroundLogger: logger)
        self.logger = logger
    }

    static func configuration(_ url: String) throws(ServerError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw ServerError(.invalidConfiguration, "the PostgreSQL URL cannot be read; write postgres://user:password@host:5432/database")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "disable"
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require", "verify-full": tls = .require(.makeClientConfiguration())
        default: throw ServerError(.invalidConfiguration, "sslmode must be disable, prefer, require or verify-full")
        }
        return PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: database.isEmpty ? nil : database, tls: tls)
    }

    /// Waits for the schema, then runs `work` in a transaction.
    func transaction<T: Sendable>(_ work: (PostgresConnection) async throws -> T) async throws -> T {
        try await ready()
        do {
            return try await client.withTransaction(logger: logger) { connection in try await work(connection) }
        } catch let error as Problem {
            throw error
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError(.storageFailure, "PostgreSQL: \(String(reflecting: error))")
        }
    }

    /// Waits for the schema, then runs one statement and returns its rows.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await ready()
        do {
            return try await client.query(query, logger: logger).collect().map { $0.makeRandomAccess() }
        } catch {
            throw ServerError(.storageFailure, "PostgreSQL: \(String(reflecting: error))")
        }
    }

    func ready() async throws {
        let client = self.client, logger = self.logger
        let task = migration.withLockedValue { task in
            if task == nil { task = Task { try await Self.migrate(client, logger: logger) } }
            return task!
        }
        do {
            try await task.value
        } catch {
            throw ServerError(.storageFailure, "the PostgreSQL schema could not be prepared: \(String(reflecting: error))")
        }
    }

    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(725431980)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS papers_schema (version INTEGER NOT NULL)", logger: logger)
            let versions = try await connection.query("SELECT version FROM papers_schema", logger: logger).collect()
            let version = try versions.first?.decode(Int.self) ?? 0
            if version < 1 {
                for statement in PostgresSchema.version1 {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("DELETE FROM papers_schema", logger: logger)
                try await connection.query("INSERT INTO papers_schema (version) VALUES (1)", logger: logger)
            }
        }
    }
}

/// The tables, as in ``Schema`` for SQLite, in PostgreSQL's types; images get a table of their own.
enum PostgresSchema {
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
