/// What happens in front of the camera in a synthetic ``CaptureSequence``.
public enum CaptureSequenceKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The document slides into view, shakes, then holds still.
    case slideIn = "slide-in"
    /// The document holds still while a glare spot lies over the MRZ, then moves up and away from it.
    case glareAway = "glare-away"
    /// The document shakes the whole time and never holds still.
    case neverSteady = "never-steady"
}
