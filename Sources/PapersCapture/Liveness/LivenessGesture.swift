/// One gesture of an active liveness challenge (TrustVision's `active` mode).
///
/// Directions are those of the image the camera delivers (not a mirrored preview): `left`
/// moves the nose towards the image's left edge, `up` towards its top.
public enum LivenessGesture: String, Sendable, Hashable, Codable, CaseIterable {
    case left
    case right
    case up
    case down
    case blink
    case smile
}
