/// The body of `POST /v1/verifications/{scanReference}/frames`: camera frames captured around
/// the document photo (TrustVision's frame batches).
public struct FrameBatchRequest: Sendable, Hashable, Codable {
    /// One frame.
    public struct Frame: Sendable, Hashable, Codable {
        /// The JPEG or PNG, base64.
        public let image: String
        /// When the frame was captured (free text, e.g. ISO 8601 or milliseconds); stored sealed.
        public let capturedAt: String?

        /// Creates a frame.
        public init(image: String, capturedAt: String? = nil) {
            self.image = image
            self.capturedAt = capturedAt
        }
    }

    /// The frames, in capture order.
    public let frames: [Frame]
    /// What the frames show (at most 100 characters): `front`, `back` or `face` name the side
    /// processing may take a frame for when that side's still image is missing or unreadable.
    public let label: String?
    /// The capture's metadata (at most 20 entries of at most 200 characters; `challenge`, the
    /// liveness challenge a `liveness` batch answers, up to 1024); stored sealed.
    public let metadata: [String: String]?

    /// Creates a batch.
    public init(frames: [Frame], label: String? = nil, metadata: [String: String]? = nil) {
        self.frames = frames
        self.label = label
        self.metadata = metadata
    }
}
