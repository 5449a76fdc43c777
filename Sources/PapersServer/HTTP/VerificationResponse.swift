import Foundation
import PapersCore

/// The body of `GET /v1/verifications/{scanReference}`. A deleted verification has only its
/// reference, status and timestamps.
struct VerificationResponse: Encodable {
    let scanReference: String
    let status: String
    var verificationStatus: String?
    var rejectReason: RejectReason?
    var document: DocumentData?
    var checks: VerificationChecks?
    var identityVerification: IdentityVerification?
    var customerInternalReference: String?
    var userReference: String?
    var reportingCriteria: String?
    var images: [String]?
    let createdAt: String
    let updatedAt: String

    init(_ record: VerificationRecord) {
        scanReference = record.id
        status = record.state.rawValue
        createdAt = Timestamp.iso(record.createdAt)
        updatedAt = Timestamp.iso(record.updatedAt)
        guard record.state != .deleted else { return }
        verificationStatus = record.decision?.rawValue
        rejectReason = record.result?.rejectReason
        document = record.result?.document
        checks = record.result?.checks
        identityVerification = record.result?.identityVerification
        customerInternalReference = record.request?.customerInternalReference
        userReference = record.request?.userReference
        reportingCriteria = record.request?.reportingCriteria
        images = record.images.filter { !$0.hasPrefix("frames-") }
    }
}

/// `201` of `POST /v1/verifications` and `202` of finalize.
struct VerificationCreated: Codable {
    let scanReference: String
    let status: String
}

/// `201` of an image upload.
struct ImageStored: Codable {
    let scanReference: String
    let side: String
    let contentType: String
    let byteCount: Int
}

/// The body of `POST /v1/verifications/{scanReference}/frames`.
struct FrameBatchRequest: Decodable {
    struct Frame: Decodable {
        /// The JPEG or PNG, base64.
        let image: String
        /// When the frame was captured (free text, e.g. ISO 8601), kept out of storage.
        let capturedAt: String?
    }
    let frames: [Frame]
}

/// `201` of a frame batch.
struct FrameBatchStored: Codable {
    let batchId: String
    let scanReference: String
    let frameCount: Int
}

/// A page of `GET /v1/verifications`.
struct VerificationList: Encodable {
    let data: [VerificationSummary]
    let hasMore: Bool
    let nextCursor: String?
}
