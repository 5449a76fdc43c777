import PapersImaging

/// One camera frame handed to a ``CaptureSession``.
public struct CaptureFrame: Sendable {
    /// The frame.
    public var image: Image
    /// When it was taken, from the session's start (the camera's clock).
    public var time: Duration
    /// Whether the flash (torch) was on.
    public var flash: Bool

    /// Creates a frame.
    public init(image: Image, time: Duration, flash: Bool = false) {
        self.image = image
        self.time = time
        self.flash = flash
    }
}
