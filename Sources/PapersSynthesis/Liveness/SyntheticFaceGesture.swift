/// A gesture a ``LivenessSequence`` renders: the same names as the active liveness check's
/// gestures (directions as the camera sees them: `left` moves the nose towards the image's left
/// edge, `up` towards its top).
public enum SyntheticFaceGesture: String, Sendable, Hashable, Codable, CaseIterable {
    case left
    case right
    case up
    case down
    case blink
    case smile
}
