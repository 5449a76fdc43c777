import PapersCore

/// What happens to a ``VerificationWorkflow``: the user's actions, the scanner's outcomes and the
/// network's answers.
public enum WorkflowEvent: Sendable, Hashable {
    /// Set-up finished.
    case start
    /// The user accepted the privacy policy.
    case consentGiven
    /// The user chose a document.
    case selectDocument(country: String, type: DocumentType, variant: String?)
    /// The user read the legal advice.
    case legalAdviceAcknowledged
    /// The scanner finished the current part.
    case partScanned(ScanOutcome)
    /// The user confirmed the shown image.
    case confirm
    /// The user wants to scan the part again.
    case retake
    /// The user asked for the fallback scan of the current part.
    case switchToFallback
    /// Scanning paused (full-screen help) or resumed.
    case pauseScan
    case retryScan
    /// The analysis of the shown image finished.
    case analysisFinished(passed: Bool)
    /// The upload finished: the server's reference.
    case uploaded(scanReference: String)
    /// The server's result.
    case processed(document: DocumentData)
    /// The network failed (no connection at all, or another problem).
    case networkFailed(noInternet: Bool)
    /// The server refused the credentials.
    case credentialsRejected
    /// The user retries after a retryable error.
    case retryAfterError
    /// The user cancels.
    case cancel
    /// The app is done with the workflow.
    case destroy
    /// Time passes (the session's lifetime is checked on every event, this one included).
    case tick
}

/// What the scanner made of a part.
public enum ScanOutcome: Sendable, Hashable {
    /// Read as asked.
    case ok
    /// The front was scanned where the back was asked for.
    case wrongSide
    /// A US licence's barcode without an address.
    case barcodeWithoutAddress
    /// Nothing could be read in this mode.
    case unreadable
}
