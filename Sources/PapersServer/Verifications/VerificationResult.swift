import PapersCore
import PapersImaging

/// What processing found: stored sealed, returned by `GET /v1/verifications/{scanReference}`.
public struct VerificationResult: Sendable, Hashable, Codable {
    /// The decision; absent when verification was not asked for (extraction only).
    public var verificationStatus: VerificationDecision?
    /// Why the decision is not an approval.
    public var rejectReason: RejectReason?
    /// The document's data, when anything was read.
    public var document: DocumentData?
    /// The individual checks.
    public var checks: VerificationChecks
    /// The selfie comparison, when identity verification was asked for.
    public var identityVerification: IdentityVerification?
}

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
    /// Whether the data is plausible (dates in order, birth in the past).
    public var dataQuality: Outcome = .notAvailable
    /// The data-quality rules broken.
    public var dataQualityIssues: [String]?
    /// Whether the document matches the preselected types and country.
    public var documentAccepted: Outcome = .notAvailable
}

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

    init(_ analysis: CaptureAnalysis) {
        documentDetected = analysis.documentDetected
        confidence = analysis.confidence
        sharpness = analysis.sharpness
        isBlurry = analysis.isBlurry
        glareDetected = analysis.glareDetected
        glareFraction = analysis.glareFraction
        exposure = analysis.exposure.rawValue
    }
}

/// The selfie comparison.
public struct IdentityVerification: Sendable, Hashable, Codable {
    /// `MATCH`, `NO_MATCH` or `NOT_POSSIBLE`.
    public var similarity: String
    /// Whether the comparison is valid.
    public var validity: Bool
    /// Why it was not possible, when it was not.
    public var reason: String?
}
