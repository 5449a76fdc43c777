import Foundation
import Logging
import PapersRecognition
import PapersVerification

/// What routes and workers share: storage, sealing, the processor, limits, metrics, the logger.
struct ServerServices: Sendable, CustomStringConvertible {
    var description: String { "ServerServices" }
    let configuration: ServerConfiguration
    let database: any ServerStore
    let sealer: Sealer
    let images: any ImageStorage
    let processor: VerificationProcessor
    /// Judges frames answering liveness challenges; `nil`: they answer `LIVENESS_NOT_AVAILABLE`.
    let livenessJudge: LivenessJudge?
    /// Reads receipts and tax forms; `nil`: their fields are not read.
    let textRecognizers: TextRecognizerPool?
    let metrics: ServerMetrics
    let rateLimiter: RateLimiter
    /// Failed authentications per API token: once they run out, the token is refused for a while
    /// whatever secret comes with it (a secret cannot be guessed by trying).
    let authenticationFailures: RateLimiter
    /// Recent successful authentications, so that a client's every request is not a database round trip.
    let authenticated = AuthenticationCache()
    /// The HTTP connections open now (and refused at the cap), for `/metrics`.
    let connections = ConnectionGuard.Census()
    /// Requests long-polling a verification or document (`?wait=`).
    let waiters = StateWaiters()
    /// Signs and checks the web capture page's links.
    let captureLinks: TokenSigner
    /// Signs and checks the liveness challenges.
    let livenessChallenges: TokenSigner
    /// Requests per capture link.
    let captureLimiter: RateLimiter
    /// The web capture page's live capture sessions.
    let webCaptures = WebCaptureSessions()
    /// Draws a capture link as a QR code for a hand-over to a phone; `nil`: no hand-over.
    let linkCodeWriter: (any BarcodeWriter)?
    let logger: Logger

    /// The page address a capture link opens: the token rides in the fragment, which browsers
    /// never send to a server or in a `Referer`. Without a configured public URL, the link
    /// names the host the request was sent to.
    func captureURL(token: String, requestHost: String?) -> String {
        let base: String
        if let publicURL = configuration.publicURL, !publicURL.isEmpty {
            base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        } else if let requestHost, !requestHost.isEmpty, requestHost.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) }) {
            base = "http://\(requestHost)"
        } else {
            base = "http://\(configuration.host):\(configuration.port)"
        }
        return "\(base)/capture#\(token)"
    }

    /// Waits, for a request with `?wait=SECONDS`, until what `load` reads is no longer in the
    /// state it was in, or the time is up, and returns the last reading; a state `isFinal` calls
    /// settled (nothing the server does will change it) is answered at once. `nil`
    /// wait: one reading. A wait over 30 s or not a whole number is a 400.
    func longPoll<Record: Sendable, State: Equatable>(_ id: String, wait: String?, state: (Record) -> State, isFinal: (State) -> Bool,
                                                      load: () async throws -> Record) async throws -> Record {
        var record = try await load()
        guard let wait else { return record }
        guard let seconds = Int(wait), (0...Self.longestWait).contains(seconds) else {
            throw Problem.invalid("wait must be a whole number of seconds from 0 to \(Self.longestWait)")
        }
        let initial = state(record)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while state(record) == initial, !isFinal(initial), !Task.isCancelled {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            // Another server's change is seen when this one looks again, at least once a second.
            await waiters.wait(for: id, upTo: min(left, .seconds(1)))
            record = try await load()
        }
        return record
    }

    /// The longest `?wait=` a request may ask for, in seconds.
    static let longestWait = 30

    /// Erases a verification: its row's data, then its images. `false` when not found.
    func eraseVerification(_ id: String, tenantID: String?) async throws -> Bool {
        guard try await database.deleteVerification(id, tenantID: tenantID) else { return false }
        try await images.deleteAll(owner: id)
        waiters.notify(id)
        return true
    }

    /// Erases a document: its row's data, then its pages. `false` when not found.
    func eraseDocument(_ id: String, tenantID: String?) async throws -> Bool {
        guard try await database.deleteDocument(id, tenantID: tenantID) else { return false }
        try await images.deleteAll(owner: id)
        waiters.notify(id)
        return true
    }
}
