import Foundation
import ServiceLifecycle
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
    /// Seals and opens what identifies a person before it reaches a row.
    let sealer: Sealer
    /// The connection pool, which works only while it runs.
    var connectionService: (any Service)? { client }
    /// The schema migration, started by the first query (when the pool is running).
    private let migration = NIOLockedValueBox<Task<Void, any Error>?>(nil)

    var description: String { "PostgresStore" }

    /// Connects to `url` (`postgres://user:password@host:port/database?sslmode=disable|prefer|require`).
    init(url: String, logger: Logger, sealer: Sealer) throws(ServerError) {
        client = PostgresClient(configuration: try Self.configuration(url), backgroundLogger: logger)
        self.logger = logger
        self.sealer = sealer
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
            // A caller that gives up (a start-up deadline) stops the migration waiting for a server.
            try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
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
            for (index, statements) in PostgresSchema.migrations.enumerated() where version <= index {
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("DELETE FROM papers_schema", logger: logger)
                try await connection.query("INSERT INTO papers_schema (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}
