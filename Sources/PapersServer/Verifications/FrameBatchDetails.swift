/// What a frame batch keeps sealed: the capture's metadata and each frame's capture time.
struct FrameBatchDetails: Codable, Sendable {
    let metadata: [String: String]?
    let capturedAt: [String?]
}
