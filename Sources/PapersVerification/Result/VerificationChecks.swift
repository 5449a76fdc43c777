/// The checks behind a decision.
public struct VerificationChecks: Sendable, Hashable, Codable {
    /// The outcome of one check.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// Passed.
        case ok = "OK"
        /// Failed.
        case failed = "FAILED"
        /// Could not be made (the data it needs is missing).
        case notAvailable = "NOT_AVAILABLE"
    }

    /// The front photo's capture quality.
    public var captureQuality: CaptureQuality?
    /// Whether every MRZ check digit holds.
    public var mrzCheckDigits: Outcome = .notAvailable
    /// The MRZ checks that failed (`documentNumber`, `dateOfBirth`, `expiryDate`, `composite`…).
    public var failedMrzChecks: [String]?
    /// Whether the document is unexpired today.
    public var expiry: Outcome = .notAvailable
    /// Whether MRZ and licence barcode agree, when both were read.
    public var mrzBarcodeConsistency: Outcome = .notAvailable
    /// The fields on which they disagree.
    public var mismatchedFields: [String]?
    /// Whether the printed front agrees with the barcode or MRZ, when both were read. Text
    /// recognition misreads, so a disagreement is reported here for review, not taken as fraud.
    public var printedDataConsistency: Outcome = .notAvailable
    /// The fields on which the printed front disagrees.
    public var printedMismatchedFields: [String]?
    /// Whether the data is plausible (dates in order, birth in the past).
    public var dataQuality: Outcome = .notAvailable
    /// The data-quality rules broken.
    public var dataQualityIssues: [String]?
    /// Whether the document matches the preselected types and country.
    public var documentAccepted: Outcome = .notAvailable

    /// Creates checks that are all not available.
    public init() {}
}
