import Foundation
import PapersVerification

/// A callback to deliver: the JSON body is fixed when the event is made, so every retry sends the
/// same bytes with the same `eventId`. Bodies carry states and references, never document data.
struct CallbackEvent: Sendable {
    let id: String
    let tenantID: String
    let subjectID: String
    let type: String
    let callbackURL: String
    let body: Data

    /// The body of a finished verification's callback.
    struct VerificationBody: Encodable {
        let eventId: String
        let type: String
        let scanReference: String
        let status: String
        let verificationStatus: String?
        let rejectReason: RejectReason?
        /// The selfie comparison's outcome (similarity, validity, reason), when asked for.
        let identityVerification: IdentityVerification?
        /// Whether the person passed the liveness challenge, and why not.
        let liveness: LivenessSummary?
        let customerInternalReference: String?
        let createdAt: String
    }

    /// A liveness verdict's outcome, without its frames.
    struct LivenessSummary: Encodable {
        let isLive: Bool
        let failure: String?
    }

    /// The body of a finished document's callback.
    struct DocumentBody: Encodable {
        let eventId: String
        let type: String
        let documentId: String
        let status: String
        /// What the pages were read as, once processed.
        let resolvedType: String?
        let createdAt: String
    }

    static func verification(_ record: VerificationRecord, state: VerificationState, result: VerificationResult?) -> CallbackEvent? {
        guard let url = record.request?.callbackUrl else { return nil }
        let id = UUID().uuidString.lowercased()
        let type = "verification.\(state == .done ? "completed" : "failed")"
        let body = VerificationBody(
            eventId: id, type: type, scanReference: record.id, status: state.rawValue,
            verificationStatus: result?.verificationStatus?.rawValue, rejectReason: result?.rejectReason,
            identityVerification: result?.identityVerification,
            liveness: result?.liveness.map { LivenessSummary(isLive: $0.isLive, failure: $0.failure) },
            customerInternalReference: record.request?.customerInternalReference, createdAt: Timestamp.iso(now()))
        return CallbackEvent(id: id, tenantID: record.tenantID, subjectID: record.id, type: type, callbackURL: url, body: encode(body))
    }

    static func document(id documentID: String, tenantID: String, callbackURL: String?, state: DocumentStatus,
                         resolvedType: DocumentKind? = nil) -> CallbackEvent? {
        guard let callbackURL else { return nil }
        let id = UUID().uuidString.lowercased()
        let type = "document.\(state == .done ? "completed" : "failed")"
        let body = DocumentBody(eventId: id, type: type, documentId: documentID, status: state.rawValue, resolvedType: resolvedType?.rawValue,
                                createdAt: Timestamp.iso(now()))
        return CallbackEvent(id: id, tenantID: tenantID, subjectID: documentID, type: type, callbackURL: callbackURL, body: encode(body))
    }

    static func encode(_ body: some Encodable) -> Data {
        (try? JSONResponse.encoder.encode(body)) ?? Data("{}".utf8)
    }

    /// The event with its URL and body sealed, ready to insert: the body names the integrator's
    /// reference and the decision, which stay sealed at rest like the verification's own.
    struct Sealed: Sendable {
        let event: CallbackEvent
        let sealedURL: Data
        let sealedBody: Data
    }

    func sealed(_ sealer: Sealer) throws(ServerError) -> Sealed {
        Sealed(event: self, sealedURL: try sealer.seal(Data(callbackURL.utf8), context: "event-url:\(id)"),
               sealedBody: try sealer.seal(body, context: Self.bodyContext(id)))
    }

    /// The sealing context of an event's body.
    static func bodyContext(_ id: String) -> String { "event-body:\(id)" }

    /// A stored body opened: sealed, or plaintext JSON as events were stored before bodies were sealed.
    static func openBody(_ stored: Data, id: String, sealer: Sealer) throws(ServerError) -> Data {
        if let opened = try? sealer.open(stored, context: bodyContext(id)) { return opened }
        guard stored.first == UInt8(ascii: "{") else { throw ServerError(.sealingFailure, "an event body cannot be opened") }
        return stored
    }
}
