/// When a ``CaptureSession`` captures by itself: the document found and whole in the frame,
/// steady (every corner within ``cornerTolerance`` of the document's size for ``steadyDuration``
/// of camera time, not a number of frames), sharp, well exposed, close enough, and free of glare
/// over what must be read.
public struct AutoCapturePolicy: Sendable, Hashable {
    /// How long the corners must hold still.
    public var steadyDuration: Duration = .milliseconds(600)
    /// How far a corner may move while steady, as a fraction of the document's diagonal.
    public var cornerTolerance = 0.02
    /// The capture analysis's confidence a frame needs (0…1).
    public var minimumConfidence = 0.6
    /// The distance confidence a frame needs (0…1).
    public var minimumDistanceConfidence = 0.6

    /// Creates the default policy.
    public init() {}
}
