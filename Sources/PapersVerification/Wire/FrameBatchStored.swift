/// The body of `201` of a frame batch.
public struct FrameBatchStored: Sendable, Hashable, Codable {
    /// The batch's identifier.
    public let batchId: String
    /// The verification it belongs to.
    public let scanReference: String
    /// How many frames were stored.
    public let frameCount: Int

    /// Creates a body.
    public init(batchId: String, scanReference: String, frameCount: Int) {
        self.batchId = batchId
        self.scanReference = scanReference
        self.frameCount = frameCount
    }
}
