import PapersImaging

/// What a ``CaptureSession`` made of one frame.
public struct FrameVerdict: Sendable, Hashable {
    /// Where the session stands.
    public enum State: String, Sendable, Hashable, Codable {
        /// Looking for a good frame.
        case searching
        /// Good frames, holding still until the steady time has passed.
        case steadying
        /// The side was captured (by itself or by hand).
        case captured
    }

    /// What the person should do, most important first (`ready` when nothing is wrong).
    public var guidance: [CaptureGuidance]
    /// Where the session stands after this frame.
    public var state: State
    /// Whether a manual capture now would be blurred (Jumio's `shouldDisplayBlurHint`).
    public var blurHint: Bool
}
