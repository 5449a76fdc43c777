/// Whether a picture is lit well enough to read.
public enum Exposure: String, Sendable, Codable, CaseIterable {
    /// Too dark to read.
    case tooDark
    /// Fine.
    case good
    /// Washed out.
    case tooBright
}

/// What the user should do next, most important first.
public enum CaptureGuidance: String, Sendable, Codable, CaseIterable {
    /// No document is visible.
    case noDocument
    /// Part of the document is outside the frame.
    case partlyOutOfFrame
    /// The document is too small in the frame.
    case moveCloser
    /// The document fills too much of the frame.
    case moveFarther
    /// The picture is blurred (focus or motion).
    case holdStill
    /// A reflection covers part of the document.
    case reduceGlare
    /// Too dark.
    case tooDark
    /// Too bright.
    case tooBright
    /// Good to capture.
    case ready
}

/// The analysis of one camera frame (no history): document position and picture quality.
public struct CaptureAnalysis: Sendable, Hashable, Codable {
    /// Whether a document was found.
    public var documentDetected: Bool
    /// The document's corners in input pixels (after EXIF orientation), clockwise from the top-left; empty when none.
    public var corners: [Point]
    /// How convincing the detected outline is, 0…1.
    public var detectionConfidence: Double
    /// Whether the whole document is inside the frame.
    public var documentInFrame: Bool
    /// Overall image quality, 0…1; 0.6 and above means the picture is good enough to process.
    public var confidence: Double
    /// How well the distance suits a capture (document size and margins), 0…1; 0.6 and above is good.
    public var distanceConfidence: Double
    /// Scale-normalised sharpness (higher is sharper).
    public var sharpness: Double
    /// Whether the picture is blurred (focus or motion).
    public var isBlurry: Bool
    /// Whether specular glare covers part of the document.
    public var glareDetected: Bool
    /// Fraction of the document covered by glare, 0…1.
    public var glareFraction: Double
    /// Glare regions as quadrilaterals in input pixels.
    public var glareRegions: [Quadrilateral]
    /// Lighting verdict.
    public var exposure: Exposure
    /// Mean luminance of the document (or frame centre), 0…255.
    public var meanLuminance: Double
    /// What the user should do next, most important first.
    public var guidance: [CaptureGuidance]
    /// Whether a face is visible on the document; absent until a face detector is configured.
    public var faceDetected: Bool?
}
