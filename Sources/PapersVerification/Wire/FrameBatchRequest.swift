/// The body of `POST /v1/verifications/{scanReference}/frames`: camera frames captured around
/// the document photo (TrustVision's frame batches).
public struct FrameBatchRequest: Sendable, Hashable, Codable {
    /// One frame.
    public struct Frame: Sendable, Hashable, Codable {
        /// The JPEG or PNG, base64.
        public let image: String
        /// When the frame was captured (free text, e.g. ISO 8601); not stored.
        public let capturedAt: String?

        /// Creates a frame.
        public init(image: String, capturedAt: String? = nil) {
            self.image = image
            self.capturedAt = capturedAt
        }
    }

    /// The frames, in capture order.
    public let frames: [Frame]

    /// Creates a batch.
    public init(frames: [Frame]) {
        self.frames = frames
    }
}
