import Foundation

/// A random sequence of gestures issued by the server, with a nonce and an expiry, so that a
/// recorded answer to another challenge cannot be replayed: the order of the gestures is drawn
/// anew each time, and the frames must be uploaded against this nonce before the expiry.
public struct LivenessChallenge: Sendable, Hashable, Codable {
    /// The gestures to perform, in order.
    public let gestures: [LivenessGesture]
    /// Random bytes (hex) naming this challenge.
    public let nonce: String
    /// When it was issued.
    public let issuedAt: Date
    /// When it stops being accepted.
    public let expiresAt: Date
    /// How long each gesture may take, from the end of the previous one (or from the frontal frame).
    public let stepTimeLimit: Duration

    /// Creates a challenge with the given gestures.
    public init(gestures: [LivenessGesture], nonce: String, issuedAt: Date, lifetime: TimeInterval = 120,
                stepTimeLimit: Duration = .seconds(5)) {
        self.gestures = gestures
        self.nonce = nonce
        self.issuedAt = issuedAt
        self.expiresAt = issuedAt.addingTimeInterval(lifetime)
        self.stepTimeLimit = stepTimeLimit
    }

    /// A random challenge of `count` distinct gestures in a random order, drawn with `generator`.
    public static func random(count: Int = 3, issuedAt: Date = Date(), lifetime: TimeInterval = 120,
                              using generator: inout some RandomNumberGenerator) -> LivenessChallenge {
        var pool = LivenessGesture.allCases
        var gestures: [LivenessGesture] = []
        while gestures.count < min(max(1, count), pool.count) {
            let pick = pool.remove(at: Int.random(in: 0..<pool.count, using: &generator))
            gestures.append(pick)
        }
        let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        return LivenessChallenge(gestures: gestures, nonce: nonce, issuedAt: issuedAt, lifetime: lifetime)
    }

    /// A random challenge drawn with the system's random generator.
    public static func random(count: Int = 3, issuedAt: Date = Date(), lifetime: TimeInterval = 120) -> LivenessChallenge {
        var generator = SystemRandomNumberGenerator()
        return random(count: count, issuedAt: issuedAt, lifetime: lifetime, using: &generator)
    }
}
