import Foundation
import Hummingbird
import PapersCapture
import PapersVerification

/// `POST /v1/verifications/{scanReference}/liveness`: issues an active liveness challenge. The
/// frames answering it are uploaded with `POST …/frames` (label `liveness`, `metadata.challenge`
/// the token) and judged when the verification is processed.
struct LivenessRoutes {
    let services: ServerServices
    /// The frame batch label of frames answering a challenge.
    static let label = "liveness"
    /// How long a challenge is accepted.
    static let lifetime: TimeInterval = 300

    func register(on group: RouterGroup<PapersRequestContext>) {
        group.post("verifications/:scanReference/liveness", use: issue)
    }

    @Sendable func issue(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let record = try await VerificationRoutes(services: services).load(context)
        guard record.state == .pending else { throw Problem.conflict("a liveness challenge can be asked for only before finalize") }
        let challenge = LivenessChallenge.random(count: 3, lifetime: Self.lifetime)
        let claims = LivenessChallengeClaims(scanReference: record.id, tenantID: tenant.id, challenge: challenge)
        let token = try services.livenessChallenges.token(for: claims)
        services.metrics.increment("papers_liveness_challenges_issued_total")
        return try JSONResponse.make(.created, LivenessChallengeIssued(
            challenge: token, gestures: claims.gestures, nonce: claims.nonce, expiresAt: Timestamp.iso(Double(claims.expiresAt)),
            secondsPerGesture: claims.secondsPerGesture))
    }

    /// The claims of the challenge a `liveness` batch answers, checked against its verification.
    ///
    /// - Throws: ``Problem/livenessChallenge(expired:)`` when the token is missing, forged,
    ///   another verification's, or expired.
    static func claims(ofBatch metadata: [String: String]?, verificationID: String, tenantID: String,
                       signer: TokenSigner, now: Double = Date().timeIntervalSince1970) throws(Problem) -> LivenessChallengeClaims {
        guard let token = metadata?["challenge"] else { throw Problem.livenessChallenge(expired: false) }
        let claims: LivenessChallengeClaims
        do {
            claims = try signer.claims(of: token, as: LivenessChallengeClaims.self, now: now)
        } catch {
            throw Problem.livenessChallenge(expired: error == .expired)
        }
        guard claims.scanReference == verificationID, claims.tenantID == tenantID, claims.challenge != nil else {
            throw Problem.livenessChallenge(expired: false)
        }
        return claims
    }
}
