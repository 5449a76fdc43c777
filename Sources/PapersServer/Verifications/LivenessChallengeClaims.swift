import Foundation
import PapersCapture

/// What a liveness challenge token holds: the gestures asked of one verification's person, its
/// nonce and its time limits, signed so that a client can neither pick its own gestures nor
/// answer another verification's (or an expired) challenge.
struct LivenessChallengeClaims: ExpiringClaims, Hashable {
    /// The verification's scan reference.
    let scanReference: String
    /// The tenant that owns it.
    let tenantID: String
    /// The gestures, in order (``LivenessGesture`` raw values).
    let gestures: [String]
    /// Random bytes (hex).
    let nonce: String
    /// When it was issued, in seconds since 1970.
    let issuedAt: Int
    /// When frames stop being accepted, in seconds since 1970.
    let expiresAt: Int
    /// The time each gesture may take, in seconds.
    let secondsPerGesture: Int

    enum CodingKeys: String, CodingKey {
        case scanReference = "r", tenantID = "t", gestures = "g", nonce = "n", issuedAt = "i", expiresAt = "e", secondsPerGesture = "s"
    }

    /// The claims of a fresh random challenge for a verification.
    init(scanReference: String, tenantID: String, challenge: LivenessChallenge) {
        self.scanReference = scanReference
        self.tenantID = tenantID
        gestures = challenge.gestures.map(\.rawValue)
        nonce = challenge.nonce
        issuedAt = Int(challenge.issuedAt.timeIntervalSince1970)
        expiresAt = Int(challenge.expiresAt.timeIntervalSince1970)
        secondsPerGesture = Int(challenge.stepTimeLimit.components.seconds)
    }

    /// The challenge the claims describe; `nil` when a gesture is unknown.
    var challenge: LivenessChallenge? {
        let parsed = gestures.compactMap(LivenessGesture.init(rawValue:))
        guard parsed.count == gestures.count, !parsed.isEmpty else { return nil }
        return LivenessChallenge(gestures: parsed, nonce: nonce, issuedAt: Date(timeIntervalSince1970: Double(issuedAt)),
                                 lifetime: Double(expiresAt - issuedAt), stepTimeLimit: .seconds(secondsPerGesture))
    }
}
