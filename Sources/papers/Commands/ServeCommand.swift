import ArgumentParser
import Foundation
import PapersRecognition
import PapersFacesDlib
import PapersBarcodesZXing
import Logging
import Metrics
import NIOCore
import PapersServer
import PapersTextTesseract

/// `papers serve`: the verification server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the verification server (HTTP API, background processing, callbacks).",
        discussion: """
        The default keeps everything in DATA_DIR: an SQLite database (WAL) and AES-GCM sealed images. \
        The encryption key comes from PAPERS_ENCRYPTION_KEY (base64 of 32 bytes) or from \
        DATA_DIR/encryption.key, generated on first start. Create API credentials with \
        'papers tenant create NAME'. The API is described at GET /openapi.yaml.
        """
    )

    @Option(name: .long, help: "Interface to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "TCP port (0 picks a free one).")
    var port = 8080

    @OptionGroup var storage: ServerStorageOptions

    @Option(name: .long, help: "Background workers (default: the number of cores).")
    var workers: Int?

    @Option(name: .customLong("retention-days"), help: "Delete verifications and documents older than this many days.")
    var retentionDays: Int?

    @Option(name: .customLong("rate-limit"), help: "Requests per second per tenant on average (bursts of three times as many).")
    var rateLimit: Double = 20

    @Option(name: .customLong("job-lease"), help: "Seconds a worker holds a job before another may take it over (recovery after a crash).")
    var jobLease: Double = 60

    @Option(name: .customLong("shutdown-grace"),
            help: "Seconds a stopping server lets running jobs finish before handing them back to the queue.")
    var shutdownGrace: Double = 10

    @Option(name: .customLong("max-connections"),
            help: "Connections open at once; more are closed as they open (kept under half the open-file limit).")
    var maxConnections = 1000

    @Option(name: .customLong("header-timeout"),
            help: "Seconds a connection may take to send a request's headers, from opening or the previous response.")
    var headerTimeout: Double = 20

    @Option(name: .customLong("body-timeout"), help: "Seconds a request's whole body may take to arrive.")
    var bodyTimeout: Double = 300

    @Option(name: .customLong("idle-timeout"), help: "Seconds a request body may pause before the connection is closed.")
    var idleTimeout: Double = 30

    @Option(name: .customLong("metrics-listen"),
            help: "Serve GET /metrics only on this HOST:PORT (a listener of its own), not on the API's address.")
    var metricsListen: String?

    @Option(name: .customLong("metrics-token"),
            help: "Require 'Authorization: Bearer TOKEN' on GET /metrics (also PAPERS_METRICS_TOKEN).")
    var metricsToken: String?

    @Option(name: .customLong("public-url"),
            help: "The address end users reach this server at, for web capture links (default: the host each API request was sent to).")
    var publicURL: String?

    @Option(name: .customLong("capture-link-lifetime"), help: "Seconds a web capture link works.")
    var captureLinkLifetime: Double = 3600

    @Flag(name: .customLong("allow-private-callbacks"),
          help: "Let callback URLs name this machine or a private network (also PAPERS_ALLOW_PRIVATE_CALLBACKS=1).")
    var allowPrivateCallbacks = false

    func run() async throws {
        var configuration = storage.configuration()
        configuration.host = host
        configuration.port = port
        if let workers {
            guard workers > 0 else { throw CLIOutput.fail("--workers must be at least 1", code: 64) }
            configuration.workerCount = workers
        }
        if let retentionDays {
            guard retentionDays > 0 else { throw CLIOutput.fail("--retention-days must be at least 1", code: 64) }
            configuration.retentionDays = retentionDays
        }
        guard rateLimit > 0, jobLease >= 1 else { throw CLIOutput.fail("--rate-limit must be positive and --job-lease at least 1 second", code: 64) }
        guard shutdownGrace >= 0, shutdownGrace <= 3600 else { throw CLIOutput.fail("--shutdown-grace must be between 0 and 3600 seconds", code: 64) }
        configuration.shutdownGracePeriod = .milliseconds(Int64(shutdownGrace * 1000))
        guard maxConnections >= 1 else { throw CLIOutput.fail("--max-connections must be at least 1", code: 64) }
        guard [headerTimeout, bodyTimeout, idleTimeout].allSatisfy({ $0 > 0 && $0 <= 86_400 }) else {
            throw CLIOutput.fail("--header-timeout, --body-timeout and --idle-timeout must be between 0 and 86400 seconds", code: 64)
        }
        configuration.connections.maximumConnections = maxConnections
        configuration.connections.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
        configuration.connections.bodyTimeout = .milliseconds(Int64(bodyTimeout * 1000))
        configuration.connections.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
        configuration.requestsPerSecond = rateLimit
        configuration.requestBurst = rateLimit * 3
        configuration.jobLease = jobLease
        if let metricsListen {
            guard let colon = metricsListen.lastIndex(of: ":"), let port = Int(metricsListen[metricsListen.index(after: colon)...]),
                  (0...65535).contains(port) else {
                throw CLIOutput.fail("--metrics-listen takes HOST:PORT (for example 127.0.0.1:9090)", code: 64)
            }
            let host = String(metricsListen[..<colon])
            configuration.metricsAddress = (host.isEmpty ? "127.0.0.1" : host, port)
        }
        configuration.metricsToken = metricsToken ?? ProcessInfo.processInfo.environment["PAPERS_METRICS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        configuration.allowPrivateCallbacks = allowPrivateCallbacks || ProcessInfo.processInfo.environment["PAPERS_ALLOW_PRIVATE_CALLBACKS"] == "1"
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw CLIOutput.fail("--public-url must be an absolute http or https URL", code: 64)
            }
            configuration.publicURL = publicURL
        }
        guard captureLinkLifetime >= 60, captureLinkLifetime <= 7 * 86_400 else {
            throw CLIOutput.fail("--capture-link-lifetime must be between 60 seconds and 7 days", code: 64)
        }
        configuration.captureLinkLifetime = captureLinkLifetime
        var logger = Logger(label: "papers.server")
        logger.logLevel = .info
        let server: PapersServer
        do {
            // The database must answer, and with the key it was first used with, before anything is served.
            try await PapersServer.checkStorage(configuration: configuration, logger: logger)
            // Face matching needs dlib's models (scripts/face-fixtures installs them); without them
            // verifications that ask for it answer FACE_MATCHING_NOT_AVAILABLE.
            let faceMatcher = (try? DlibFaceEmbedder(models: .standard())).map { FaceMatcher(detector: DlibFaceDetector(), embedder: $0) }
            let livenessJudge = (try? DlibFaceEmbedder(models: .standard(), landmarks: .sixtyEight)).map {
                LivenessJudge(detector: DlibFaceDetector(), embedder: $0)
            }
            server = try PapersServer(configuration: configuration, scanner: try ScanCommand.scanner(), linkCodeWriter: ZXingBarcodeWriter(),
                                      faceMatcher: faceMatcher, livenessJudge: livenessJudge, textRecognizer: { TesseractTextRecognizer() }, logger: logger)
        } catch let error as ServerError {
            throw CLIOutput.fail(error.message, code: 78)
        }
        MetricsSystem.bootstrap(server.metricsFactory)
        let app = server.application(onServerRunning: { channel in
            let address = channel.localAddress.map { "\($0.ipAddress ?? host):\($0.port ?? port)" } ?? "\(host):\(port)"
            FileHandle.standardError.write(Data("papers: serving on http://\(address)\n".utf8))
        }, onMetricsRunning: { channel in
            let address = channel.localAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
            FileHandle.standardError.write(Data("papers: metrics on http://\(address)/metrics\n".utf8))
        })
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw CLIOutput.fail("port \(port) on \(host) is already in use; stop what listens there or choose another with --port", code: 69)
        } catch let error as IOError where error.errnoCode == EACCES {
            throw CLIOutput.fail("no permission to listen on port \(port) of \(host); choose a port above 1023 with --port", code: 77)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw CLIOutput.fail("\(host) is not an address of this machine; choose another with --host", code: 69)
        }
    }
}
