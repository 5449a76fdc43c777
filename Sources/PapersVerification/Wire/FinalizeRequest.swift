/// The optional body of `POST /v1/verifications/{scanReference}/finalize`: which frame batches
/// belong to the accepted capture (TrustVision's valid batch ids). Batches not listed are kept but
/// not used; without a body every batch is valid.
public struct FinalizeRequest: Sendable, Hashable, Codable {
    /// The `batchId`s of the frame batches to use.
    public let validBatchIds: [String]?

    /// Creates a request.
    public init(validBatchIds: [String]?) {
        self.validBatchIds = validBatchIds
    }
}
