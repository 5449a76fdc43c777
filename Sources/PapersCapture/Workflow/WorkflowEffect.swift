import PapersCore

/// What the app must do after a transition.
public enum WorkflowEffect: Sendable, Hashable {
    case showConsent(url: String)
    case showDocumentChoice(countries: [String])
    case showLegalAdvice(text: String)
    case presentScan(WorkflowStep)
    case pauseDetection
    case resumeDetection
    case showConfirmation(ConfirmationType)
    case startAnalysis
    case upload
    case showError(code: String, message: String, retryPossible: Bool)
    case finish(document: DocumentData, scanReference: String)
    case cancelled(code: String, scanReference: String?)
}

/// One scan step (Jumio's custom scan view controller).
public struct WorkflowStep: Sendable, Hashable, Codable {
    public let part: ScanPart
    public let mode: ScanMode
    /// 1-based, of ``totalSteps``.
    public let currentStep: Int
    public let totalSteps: Int
    /// Whether a fallback mode exists for this part.
    public let isFallbackAvailable: Bool
    /// Whether this step is the fallback.
    public let isFallback: Bool
    /// Short and long help texts (English; see the localisation for others).
    public let shortHelp: String
    public let longHelp: String
}
