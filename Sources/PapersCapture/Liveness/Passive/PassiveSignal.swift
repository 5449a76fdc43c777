/// One measured sign that a selfie shows a reproduction of a face (a screen, a print, a still
/// picture) rather than a face: a signal for a decision, not a certified presentation-attack
/// detection (ISO/IEC 30107-3 testing was not done).
public struct PassiveSignal: Sendable, Hashable, Codable {
    /// What was measured.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Isolated peaks in the face region's spectrum: a display's pixel grid or the moiré of
        /// photographing one.
        case screenPattern = "SCREEN_PATTERN"
        /// Long straight edges on several sides of the face: the edges of a screen, a printed
        /// photo or a document held up to the camera.
        case border = "BORDER"
        /// Large clipped bright blobs on the face: glare off glass or glossy paper.
        case specularHighlight = "SPECULAR_HIGHLIGHT"
        /// Landmarks that only ever move together, as a flat picture does (or do not move at all).
        case frameConsistency = "FRAME_CONSISTENCY"
    }

    /// What was measured.
    public let kind: Kind
    /// The raw measure, in the signal's own unit (see ``PassiveSignalModel/Configuration``).
    public let measure: Double
    /// How strongly it points at a reproduction, from 0 (not at all) to 1.
    public let score: Double
    /// Whether it passed the configured threshold.
    public let flagged: Bool

    /// Creates a signal.
    public init(kind: Kind, measure: Double, score: Double, flagged: Bool) {
        self.kind = kind
        self.measure = measure
        self.score = score
        self.flagged = flagged
    }
}
