import PapersImaging

/// The capture analysis of the front photo, in the terms of `papers analyze`.
public struct CaptureQuality: Sendable, Hashable, Codable {
    /// Whether a document outline was found.
    public var documentDetected: Bool
    /// Overall quality, 0…1 (0.6 and above is good enough).
    public var confidence: Double
    /// Scale-normalised sharpness.
    public var sharpness: Double
    /// Whether the photo is blurred.
    public var isBlurry: Bool
    /// Whether glare covers part of the document.
    public var glareDetected: Bool
    /// The fraction of the document under glare.
    public var glareFraction: Double
    /// `tooDark`, `good` or `tooBright`.
    public var exposure: String

    /// The quality of a capture analysis.
    public init(_ analysis: CaptureAnalysis) {
        documentDetected = analysis.documentDetected
        confidence = analysis.confidence
        sharpness = analysis.sharpness
        isBlurry = analysis.isBlurry
        glareDetected = analysis.glareDetected
        glareFraction = analysis.glareFraction
        exposure = analysis.exposure.rawValue
    }
}
