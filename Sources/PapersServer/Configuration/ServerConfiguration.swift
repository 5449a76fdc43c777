import Foundation
import PapersImaging
import PapersVerification

/// Everything a ``PapersServer`` needs to run; every value has a default that works on one machine.
public struct ServerConfiguration: Sendable {
    /// Where the server's data lives.
    public enum Database: Sendable, Hashable {
        /// An embedded SQLite file (WAL journal). The default: nothing else to start.
        case sqlite(path: String)
        /// A PostgreSQL server, by URL (`postgres://user:pass@host:5432/db`).
        case postgres(url: String)

        /// Reads `--db`: a `postgres://` or `postgresql://` URL, otherwise a SQLite file path.
        public static func parse(_ text: String) -> Database {
            let lower = text.lowercased()
            if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") { return .postgres(url: text) }
            return .sqlite(path: text)
        }
    }

    /// The interface to listen on.
    public var host = "127.0.0.1"
    /// The TCP port (0 picks a free one).
    public var port = 8080
    /// The database; `nil` means `papers.sqlite` in ``dataDirectory``.
    public var database: Database?
    /// Where images and the generated key live.
    public var dataDirectory: URL
    /// The key that seals images and extracted data at rest (32 bytes). `nil` means the
    /// `PAPERS_ENCRYPTION_KEY` environment variable (base64), else a key file in the data directory,
    /// created on first start with owner-only permissions.
    public var encryptionKey: Data?
    /// The largest image upload accepted, in bytes.
    public var maximumImageBytes = 15 * 1024 * 1024
    /// The most pixels an uploaded image may claim (its header is read at upload; a larger one is
    /// refused with 422 `IMAGE_TOO_LARGE` before anything decodes it). Default 50 megapixels: a
    /// 48-megapixel phone photo fits; a small file claiming 10000×10000 does not.
    public var maximumImagePixels = 50_000_000

    /// A JPEG larger than this many pixels is decoded scaled down (by 1/2, 1/4 or 1/8, keeping at
    /// least this many): the reader needs no more, and a 48-megapixel photo then costs a quarter
    /// of the time and memory. Default 12 megapixels.
    public var decodedPixels = 12_000_000
    /// The decoding limits every image the server reads is held to.
    public var decodingLimits: DecodingLimits {
        var limits = DecodingLimits()
        limits.maximumPixels = maximumImagePixels
        limits.targetPixels = decodedPixels
        return limits
    }
    /// The most frame batches one verification may have (each up to 60 frames).
    public var maximumFrameBatches = 20
    /// The largest frame batch accepted, in bytes.
    public var maximumFrameBatchBytes = 40 * 1024 * 1024
    /// How many jobs run at once; defaults to the number of cores.
    public var workerCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// How long a claimed job is held before another worker may take it over (a crash recovers after this).
    public var jobLease: TimeInterval = 60
    /// How long a stopping server (SIGTERM) lets the jobs in hand finish; those still running are
    /// then handed back to the queue for another server or the next start.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// The delay before a failed processing job is tried again, times the attempt number.
    public var processingRetryDelay: TimeInterval = 5
    /// How often idle workers look for jobs queued by other processes.
    public var jobPollInterval: Duration = .milliseconds(250)
    /// Verifications and documents older than this many days are deleted; `nil` keeps them.
    public var retentionDays: Int?
    /// How often the retention sweep runs.
    public var retentionInterval: Duration = .seconds(3600)
    /// Requests per second a tenant may make on average.
    public var requestsPerSecond: Double = 20
    /// Requests a tenant may make in a burst.
    public var requestBurst: Double = 60
    /// Failed authentications a token may have per minute (and in a burst) before it is refused
    /// with 429 for a while, whatever secret comes with it.
    public var authenticationFailuresPerMinute = 10
    /// When set, `GET /metrics` answers only with `Authorization: Bearer` and this token
    /// (`--metrics-token`, `PAPERS_METRICS_TOKEN`).
    public var metricsToken: String?
    /// Connection cap and timeouts of the HTTP listener.
    public var connections = ConnectionLimits()
    /// When set, `GET /metrics` is served only on this address (`--metrics-listen HOST:PORT`), a
    /// listener of its own that an operator keeps off the public network; the API's address then
    /// answers 404 there.
    public var metricsAddress: (host: String, port: Int)?
    /// Callback retry policy.
    public var callbacks = CallbackPolicy()
    /// How long an `Idempotency-Key` reserved by a request that never finished (its process died
    /// mid-upload) holds the key before a retry may take it over, in seconds.
    public var idempotencyReservationLifetime: TimeInterval = 600
    /// How long the database may take to answer when a command starts (`serve`, `tenant create`)
    /// before it gives up with one line naming the problem.
    public var storageStartTimeout: Duration = .seconds(15)
    /// Whether callback URLs may name this machine or a private network. Off: such URLs are
    /// refused at creation (422) and at delivery, after resolving the name
    /// (`--allow-private-callbacks`, `PAPERS_ALLOW_PRIVATE_CALLBACKS=1`).
    public var allowPrivateCallbacks = false

    /// Creates a configuration rooted at a data directory.
    /// The address end users reach this server at, for the web capture links it hands out
    /// (e.g. `https://verify.example.com`); by default the host each API request was sent to.
    public var publicURL: String?
    /// How long a web capture link works. Default one hour.
    public var captureLinkLifetime: TimeInterval = 3600
    /// Requests a second one capture link may make on average (the page sends about four
    /// frames a second). Default 12.
    public var captureLinkRequestsPerSecond: Double = 12
    /// Requests one capture link may make at once. Default 40.
    public var captureLinkRequestBurst: Double = 40

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// The database actually used.
    public var resolvedDatabase: Database {
        database ?? .sqlite(path: dataDirectory.appendingPathComponent("papers.sqlite").path)
    }
}
