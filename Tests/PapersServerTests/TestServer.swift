import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import Logging
import HummingbirdTesting
import PapersBarcodesZXing
import PapersRecognition
@testable import PapersServer

/// Where a test server keeps its data.
enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The embedded default: a SQLite file and local sealed files.
    case sqlite
    /// PostgreSQL at `PAPERS_TEST_POSTGRES_URL` (started by `scripts/postgres-test-server.sh`).
    case postgres

    var description: String { rawValue }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["PAPERS_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// SQLite always; PostgreSQL too when a test server is configured.
    static var available: [Backend] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }
}

/// A server on a fresh temporary data directory, with one tenant, driven in-process.
struct TestServer {
    let directory: URL
    let server: PapersServer
    let credentials: TenantCredentials
    let configuration: ServerConfiguration

    init(_ backend: Backend = .sqlite, _ adjust: (inout ServerConfiguration) -> Void = { _ in },
         livenessJudge: LivenessJudge? = nil, textRecognizer: (@Sendable () -> any TextRecognizer)? = nil) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-server-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.port = 0
        configuration.encryptionKey = Data(repeating: 7, count: 32)
        configuration.jobPollInterval = .milliseconds(20)
        configuration.workerCount = 1
        // The suite runs CPU-bound tests beside these on two cooperative threads, which can hold a
        // database's answer back far longer than a server's start-up deadline allows.
        configuration.storageStartTimeout = .seconds(600)
        // For the same reason a test's keep-alive connection may sit idle longer than a client
        // should; the timeouts themselves are tested against a `papers serve` process.
        configuration.connections.headerTimeout = .seconds(600)
        configuration.connections.idleTimeout = .seconds(600)
        if backend == .postgres, let url = Backend.postgresURL {
            configuration.database = .postgres(url: url)
            // The servers of all tests on PostgreSQL share its job queue, so one may deliver another
            // test's callback, whose receiver listens on loopback.
            configuration.allowPrivateCallbacks = true
        }
        adjust(&configuration)
        self.configuration = configuration
        let scanner = DocumentScanner(mrzReader: try MRZReader.bundled(), barcodeReader: ZXingBarcodeReader())
        server = try PapersServer(configuration: configuration, scanner: scanner, livenessJudge: livenessJudge,
                                  textRecognizer: textRecognizer, logger: Self.logger)
        // Through a storage of its own, as `papers tenant create` does (a PostgreSQL pool works only while it runs).
        credentials = try await PapersServer.createTenant(name: "test tenant", configuration: configuration)
    }

    /// Another tenant's Basic header.
    func otherTenant() async throws -> String {
        Self.basic(try await PapersServer.createTenant(name: "other tenant", configuration: configuration))
    }

    static func basic(_ credentials: TenantCredentials) -> String {
        "Basic " + Data("\(credentials.token):\(credentials.secret)".utf8).base64EncodedString()
    }

    var authorization: String { Self.basic(credentials) }

    func headers(_ extra: [HTTPField.Name: String] = [:], authorization: String? = nil) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = authorization ?? self.authorization
        for (name, value) in extra { fields[name] = value }
        return fields
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// The stored bodies of a verification's callback events, as they sit in the database (SQLite only).
    func eventBodies(of reference: String) async throws -> [Data] {
        guard let store = server.database as? SQLiteStore else { return [] }
        return try await store.read { db in
            try Data.fetchAll(db, sql: "SELECT body FROM events WHERE subject_id = ?", arguments: [reference])
        }
    }

    /// The callback events queued for a verification (SQLite only).
    func eventIDs(of reference: String) async throws -> [String] {
        guard let store = server.database as? SQLiteStore else { return [] }
        return try await store.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM events WHERE subject_id = ?", arguments: [reference])
        }
    }

    /// The servers' logger in tests: quiet, since many tests provoke errors on purpose;
    /// `PAPERS_TEST_LOG_LEVEL=info` (or `debug`, `warning`…) shows what they log.
    static var logger: Logger {
        var logger = Logger(label: "papers.test")
        logger.logLevel = ProcessInfo.processInfo.environment["PAPERS_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .critical
        return logger
    }

    static func fixture(_ name: String) throws -> Data {
        let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
        return try Data(contentsOf: url)
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self = Data(buffer.readableBytesView)
    }
}

/// Long-polls a verification or document at `path` (`?wait=15` at a time) until it leaves
/// PENDING and PROCESSING, or returns what it last showed after `seconds`. The bound is wide
/// because the whole suite shares two cores: a job may wait behind other tests' work. Each poll
/// is shorter than the live test client's 20-second read timeout, which would otherwise end a
/// poll the server is still holding.
func settled(_ client: some TestClientProtocol, _ path: String, headers: HTTPFields, seconds: Double = 240) async throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    var json: [String: Any] = [:]
    repeat {
        json = try await client.execute(uri: "\(path)?wait=15", method: .get, headers: headers).json
        if isFinal(json) { return json }
    } while Date() < deadline
    return json
}

/// Whether a shown verification or document has left PENDING and PROCESSING.
func isFinal(_ json: [String: Any]) -> Bool {
    guard let status = json["status"] as? String else { return false }
    return status != "PROCESSING" && status != "PENDING"
}

/// Long-polls a verification until it leaves PENDING and PROCESSING (see ``settled``); throws
/// when it has not after `seconds`.
func waitForVerification(_ client: some TestClientProtocol, _ reference: String, headers: HTTPFields, seconds: Double = 240) async throws -> [String: Any] {
    let json = try await settled(client, "/v1/verifications/\(reference)", headers: headers, seconds: seconds)
    guard isFinal(json) else { throw CancellationError() }
    return json
}
