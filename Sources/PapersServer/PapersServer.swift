import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import PapersImagingCodecs
import PapersRecognition
import ServiceLifecycle
import PapersVerification

/// The verification server: the HTTP API, the worker pool, callbacks and retention over one database.
///
/// ```swift
/// let server = try PapersServer(configuration: ServerConfiguration(dataDirectory: dir), scanner: scanner)
/// try await server.application().runService()
/// ```
/// Tests build ``application(onServerRunning:)`` and drive it in-process.
public struct PapersServer: Sendable {
    /// The configuration it runs with.
    public let configuration: ServerConfiguration
    let services: ServerServices

    /// Opens the database and the data directory (creating them when needed).
    public init(configuration: ServerConfiguration, scanner: DocumentScanner, logger: Logger = Logger(label: "papers.server")) throws(ServerError) {
        self.configuration = configuration
        let (database, images, sealer) = try Self.openStorage(configuration, logger: logger)
        services = ServerServices(
            configuration: configuration, database: database, sealer: sealer,
            images: images,
            processor: VerificationProcessor(scanner: scanner, decoder: SniffingImageDecoder()),
            metrics: ServerMetrics(),
            rateLimiter: RateLimiter(rate: configuration.requestsPerSecond, burst: configuration.requestBurst),
            logger: logger)
    }

    /// Opens the data directory, the database and the encryption key.
    static func openStorage(_ configuration: ServerConfiguration, logger: Logger) throws(ServerError) -> (any ServerStore, any ImageStorage, Sealer) {
        do {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerError(.invalidConfiguration, "cannot create the data directory \(configuration.dataDirectory.path)")
        }
        let sealer = try Sealer(keyData: try EncryptionKeyLoader.load(configuration))
        switch configuration.resolvedDatabase {
        case .sqlite(let path):
            return (try SQLiteStore(path: path, sealer: sealer), LocalImageStore(dataDirectory: configuration.dataDirectory, sealer: sealer), sealer)
        case .postgres(let url):
            let store = try PostgresStore(url: url, logger: logger, sealer: sealer)
            return (store, PostgresImageStore(store: store, dataDirectory: configuration.dataDirectory, sealer: sealer), sealer)
        }
    }

    /// Creates a tenant in the database a configuration names, without starting a server.
    public static func createTenant(name: String, configuration: ServerConfiguration) async throws -> TenantCredentials {
        let (database, _, sealer) = try openStorage(configuration, logger: Logger(label: "papers.tenant"))
        guard let connections = database.connectionService else {
            return try await database.createTenant(name: name)
        }
        // A pool works only while it runs.
        return try await withThrowingTaskGroup(of: TenantCredentials?.self) { group in
            group.addTask { try await connections.run(); return nil }
            group.addTask { try await database.createTenant(name: name) }
            defer { group.cancelAll() }
            while let next = try await group.next() {
                if let credentials = next { return credentials }
            }
            throw ServerError(.storageFailure, "the PostgreSQL pool stopped")
        }
    }

    /// The swift-metrics factory over this server's registry (what `GET /metrics` shows): a
    /// process that runs one server bootstraps `MetricsSystem` with it, so that the libraries'
    /// metrics are exposed too.
    public var metricsFactory: any MetricsFactory { services.metrics.factory }

    /// The database, for administration (`papers tenant create`).
    var database: any ServerStore { services.database }

    /// Creates a tenant and returns its credentials, shown once.
    public func createTenant(name: String) async throws -> TenantCredentials {
        try await services.database.createTenant(name: name)
    }

    /// Every route of the API (the OpenAPI document lists the same ones; a test keeps them equal).
    func router() -> Router<PapersRequestContext> {
        let router = Router(context: PapersRequestContext.self)
        let table = RouteTable()
        router.add(middleware: ProblemAndMetricsMiddleware(services: services, routes: table))
        router.add(middleware: MetricsMiddleware())
        SystemRoutes(services: services).register(on: router)
        let v1 = router.group("v1").add(middleware: TenantAuthMiddleware(services: services))
        VerificationRoutes(services: services).register(on: v1)
        DocumentRoutes(services: services).register(on: v1)
        table.fill(router.routes.map { ("\($0.path)", $0.method) })
        return router
    }

    /// The services that run beside the HTTP server: the PostgreSQL pool when there is one, the
    /// workers and the retention sweep.
    var backgroundServices: [any Service] {
        var list: [any Service] = []
        if let connections = services.database.connectionService { list.append(connections) }
        list.append(JobWorkers(services: services))
        list.append(RetentionSweeper(services: services))
        return list
    }

    /// The HTTP application with its background services (workers, retention).
    public func application(onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "papers"),
            services: backgroundServices,
            onServerRunning: onServerRunning,
            logger: services.logger)
    }
}
