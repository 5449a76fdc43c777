import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Metrics
import NIOConcurrencyHelpers
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
    ///
    /// - Parameter linkCodeWriter: draws web capture links as QR codes (the desktop page's
    ///   hand-over to a phone); without one the page offers no hand-over.
    /// - Parameter faceMatcher: compares selfies with document portraits for verifications that
    ///   ask for identity verification; without one they answer `FACE_MATCHING_NOT_AVAILABLE`.
    /// - Parameter livenessJudge: judges the frames uploaded against liveness challenges; without
    ///   one their verdict is `LIVENESS_NOT_AVAILABLE`.
    /// - Parameter textRecognizer: makes a text recogniser for each worker reading receipts and
    ///   tax forms; without one their fields are not read (`TEXT_RECOGNITION_NOT_AVAILABLE`).
    public init(configuration: ServerConfiguration, scanner: DocumentScanner, linkCodeWriter: (any BarcodeWriter)? = nil,
                faceMatcher: FaceMatcher? = nil, livenessJudge: LivenessJudge? = nil, textRecognizer: (@Sendable () -> any TextRecognizer)? = nil,
                logger: Logger = Logger(label: "papers.server")) throws(ServerError) {
        self.configuration = configuration
        let (database, images, sealer, _) = try Self.openStorage(configuration, logger: logger)
        services = ServerServices(
            configuration: configuration, database: database, sealer: sealer,
            images: images,
            processor: {
                var processor = VerificationProcessor(scanner: scanner, decoder: SniffingImageDecoder())
                processor.decodingLimits = configuration.decodingLimits
                processor.faceMatcher = faceMatcher
                return processor
            }(),
            livenessJudge: livenessJudge,
            textRecognizers: textRecognizer.map(TextRecognizerPool.init),
            metrics: ServerMetrics(),
            rateLimiter: RateLimiter(rate: configuration.requestsPerSecond, burst: configuration.requestBurst),
            authenticationFailures: RateLimiter(rate: Double(configuration.authenticationFailuresPerMinute) / 60,
                                                burst: Double(configuration.authenticationFailuresPerMinute)),
            captureLinks: TokenSigner(encryptionKey: sealer.key, purpose: TokenSigner.captureLinks),
            livenessChallenges: TokenSigner(encryptionKey: sealer.key, purpose: TokenSigner.livenessChallenges),
            captureLimiter: RateLimiter(rate: configuration.captureLinkRequestsPerSecond, burst: configuration.captureLinkRequestBurst),
            linkCodeWriter: linkCodeWriter,
            logger: logger)
    }

    /// Opens the data directory, the database and the encryption key.
    static func openStorage(_ configuration: ServerConfiguration, logger: Logger) throws(ServerError)
        -> (database: any ServerStore, images: any ImageStorage, sealer: Sealer, keySource: String) {
        do {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerError(.invalidConfiguration, "cannot create the data directory \(configuration.dataDirectory.path)")
        }
        let (key, source) = try EncryptionKeyLoader.load(configuration)
        let sealer = try Sealer(keyData: key)
        switch configuration.resolvedDatabase {
        case .sqlite(let path):
            return (try SQLiteStore(path: path, sealer: sealer), LocalImageStore(dataDirectory: configuration.dataDirectory, sealer: sealer),
                    sealer, source)
        case .postgres(let url):
            let store = try PostgresStore(url: url, logger: logger, sealer: sealer)
            return (store, PostgresImageStore(store: store, dataDirectory: configuration.dataDirectory, sealer: sealer), sealer, source)
        }
    }

    /// Runs `body` on the storage a configuration names, with its connection pool running (a
    /// PostgreSQL pool works only while it runs), after checking the encryption key against the
    /// one the database was first used with. Fails within the configuration's
    /// `storageStartTimeout` when the database does not answer.
    static func withCheckedStorage<T: Sendable>(_ configuration: ServerConfiguration, logger: Logger,
                                               _ body: @escaping @Sendable (any ServerStore) async throws -> T) async throws -> T {
        // The pool's retries would log every failed connection: the one line that ends the
        // command says what went wrong.
        var quiet = logger
        quiet.logLevel = .error
        let storage = try openStorage(configuration, logger: quiet)
        let database = storage.database, sealer = storage.sealer, source = storage.keySource
        let timeout = configuration.storageStartTimeout
        let work: @Sendable () async throws -> T = {
            try await withThrowingTaskGroup(of: T?.self) { group in
                if let connections = database.connectionService {
                    group.addTask { try await connections.run(); return nil }
                }
                group.addTask {
                    try await checkKey(database, sealer: sealer, source: source)
                    return try await body(database)
                }
                defer { group.cancelAll() }
                while let next = try await group.next() {
                    if let value = next { return value }
                }
                throw ServerError(.storageFailure, "the database's connection pool stopped")
            }
        }
        return try await firstOf(work, orAfter: timeout, ServerError(
            .storageFailure,
            "the database did not answer within \(timeout.components.seconds) s: check that it runs and that the URL's host, port and credentials are right"))
    }

    /// The result of `work`, or `failure` once `deadline` has passed; the work is then cancelled
    /// and left to wind down on its own (a connection pool retrying a dead server may take a
    /// while to notice), so the caller is answered on time.
    static func firstOf<T: Sendable>(_ work: @escaping @Sendable () async throws -> T, orAfter deadline: Duration,
                                     _ failure: ServerError) async throws -> T {
        let once = OnceContinuation<T>()
        let finish = { @Sendable (result: Result<T, any Error>) in once.resume(with: result) }
        return try await withCheckedThrowingContinuation { continuation in
            once.hold(continuation)
            let worker = Task {
                do { finish(.success(try await work())) } catch { finish(.failure(error)) }
            }
            let timer = Task {
                try await Task.sleep(for: deadline)
                finish(.failure(failure))
                worker.cancel()
            }
            // Work that ends first ends the timer too, instead of leaving it asleep until the deadline.
            Task {
                _ = await worker.result
                timer.cancel()
            }
        }
    }

    /// Refuses a key other than the one the database was first used with, naming where each came
    /// from (by their check values, never the keys); records the key on first use.
    static func checkKey(_ database: any ServerStore, sealer: Sealer, source: String) async throws {
        let check = sealer.keyCheckValue
        if let recorded = try await database.recordedKey() {
            guard recorded.check == check else {
                throw ServerError(.invalidConfiguration, "the encryption key from \(source) (check value \(check)) is not the key this database was first used with, from \(recorded.source) (check value \(recorded.check)); start with that key (PAPERS_ENCRYPTION_KEY or DATA_DIR/encryption.key)")
            }
            return
        }
        if try await database.existingDataOpens() == false {
            throw ServerError(.invalidConfiguration, "the encryption key from \(source) does not open the data already in this database; start with the key it was sealed with (PAPERS_ENCRYPTION_KEY or DATA_DIR/encryption.key)")
        }
        try await database.recordKey(check: check, source: source)
    }

    /// Checks, before a server starts, that the database answers and that the encryption key is
    /// the one the database was first used with (recording it on first use).
    ///
    /// It also clears what requests that died with an earlier process left: `Idempotency-Key`
    /// reservations that never got a response and partial upload files, both older than
    /// `idempotencyReservationLifetime` (another server on the same database may have requests in
    /// flight).
    public static func checkStorage(configuration: ServerConfiguration, logger: Logger = Logger(label: "papers.server")) async throws {
        let lifetime = configuration.idempotencyReservationLifetime
        try await withCheckedStorage(configuration, logger: logger) { database in
            try await database.removeAbandonedIdempotencyKeys(staleBefore: now() - lifetime)
            return true
        }
        _ = SealedFileWriter.removeAbandoned(under: configuration.dataDirectory, before: Date().addingTimeInterval(-lifetime))
    }

    /// Creates a tenant in the database a configuration names, without starting a server.
    public static func createTenant(name: String, configuration: ServerConfiguration) async throws -> TenantCredentials {
        try await withCheckedStorage(configuration, logger: Logger(label: "papers.tenant")) { database in
            try await database.createTenant(name: name)
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
        LivenessRoutes(services: services).register(on: v1)
        DocumentRoutes(services: services).register(on: v1)
        WebCaptureRoutes(services: services).register(on: router)
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

    /// The HTTP/1 listener with the connection cap and timeouts of ``ServerConfiguration/connections``.
    var httpServer: HTTPServerBuilder {
        let limits = {
            var limits = configuration.connections
            limits.maximumConnections = limits.effectiveMaximumConnections
            return limits
        }()
        let census = services.connections
        return .http1(configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, census: census)],
                                           idleTimeout: limits.idleTimeout))
    }

    /// The listener of ``ServerConfiguration/metricsAddress``: `GET /metrics` and nothing else.
    func metricsApplication(at address: (host: String, port: Int),
                            onServerRunning: @escaping @Sendable (any Channel) async -> Void) -> some ApplicationProtocol {
        let router = Router(context: PapersRequestContext.self)
        let table = RouteTable()
        router.add(middleware: ProblemAndMetricsMiddleware(services: services, routes: table))
        SystemRoutes(services: services).registerMetrics(on: router)
        table.fill(router.routes.map { ("\($0.path)", $0.method) })
        return Application(router: router, server: httpServer,
                           configuration: .init(address: .hostname(address.host, port: address.port), serverName: "papers-metrics"),
                           onServerRunning: onServerRunning, logger: services.logger)
    }

    /// The HTTP application with its background services (workers, retention, and the metrics
    /// listener when ``ServerConfiguration/metricsAddress`` is set, which calls
    /// `onMetricsRunning` once it listens).
    public func application(onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in },
                            onMetricsRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }) -> some ApplicationProtocol {
        var running = backgroundServices
        if let address = configuration.metricsAddress {
            running.append(metricsApplication(at: address, onServerRunning: onMetricsRunning))
        }
        return Application(
            router: router(),
            server: httpServer,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "papers"),
            services: running,
            onServerRunning: onServerRunning,
            logger: services.logger)
    }
}
