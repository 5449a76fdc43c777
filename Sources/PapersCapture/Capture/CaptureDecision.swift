/// AuthenticID's decisioning helper: is a capture good enough to send for processing?
///
/// It checks, in order, that an uncropped image is present (the server decides best on the
/// whole frame), that the image quality confidence reaches its threshold, and that the distance
/// confidence does. The thresholds are AuthenticID's recommended 0.6; tune them per use case.
public struct CaptureDecision: Sendable, Hashable {
    /// Why a capture should be retaken.
    public enum Problem: String, Sendable, Hashable, CaseIterable {
        /// No uncropped image, with or without flash.
        case noUncroppedImage
        /// The picture quality is below the threshold.
        case lowQuality
        /// The document is too far, too close or not centred.
        case poorDistance
    }

    /// Minimum `confidence`. Default 0.6.
    public var minimumConfidence = 0.6
    /// Minimum `distanceConfidence`. Default 0.6.
    public var minimumDistanceConfidence = 0.6

    /// Creates a decision helper with AuthenticID's recommended thresholds.
    public init() {}

    /// The problems of a capture; empty when it is good to send.
    public func problems(with result: CaptureResult) -> [Problem] {
        var problems: [Problem] = []
        if result.uncroppedImage == nil && result.uncroppedFlashImage == nil { problems.append(.noUncroppedImage) }
        if result.confidence < minimumConfidence { problems.append(.lowQuality) }
        if (result.captureAnalysis?.distanceConfidence ?? 0) < minimumDistanceConfidence { problems.append(.poorDistance) }
        return problems
    }

    /// Whether a capture is good to send.
    public func accepts(_ result: CaptureResult) -> Bool { problems(with: result).isEmpty }
}
