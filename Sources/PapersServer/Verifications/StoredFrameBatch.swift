import Foundation

/// A frame batch as stored: its frames are the images `frames-{id}-{index}` of its verification.
struct StoredFrameBatch: Sendable, Hashable {
    /// The batch id.
    let id: String
    /// What the frames show, as uploaded.
    let label: String?
    /// How many frames it holds.
    let frameCount: Int
    /// When it was uploaded, in seconds since 1970.
    let createdAt: Double
    /// The sealed ``FrameBatchDetails`` (metadata and capture times), when any were sent.
    let sealedDetails: Data?

    /// The context its details are sealed under.
    static func detailsContext(_ id: String) -> String { "frame-batch:\(id)" }
}
