import PapersCore
import PapersImaging
import PapersRecognition

/// Turns what was read from the photos into checks and a decision. Pure: the same inputs give the
/// same result, so every rule is tested without a server.
///
/// Precedence: no front image → `NO_ID_UPLOADED`; nothing readable → `ERROR_NOT_READABLE_ID` with
/// the reason the capture analysis gives (not found, blurred, glare); a failed check digit on an
/// MRZ whose every character was read confidently, MRZ and barcode disagreeing, or impossible
/// dates → `DENIED_FRAUD`; an expired document or one outside the preselected types and country →
/// `DENIED_UNSUPPORTED_ID_TYPE`; otherwise `APPROVED_VERIFIED`.
public struct VerificationDecider: Sendable {
    /// The day expiry is judged against.
    public var today: CalendarDate

    /// Creates a decider for a given day.
    public init(today: CalendarDate = .today()) {
        self.today = today
    }

    /// What the pipeline produced for one verification.
    public struct Input: Sendable {
        /// Whether a front image was uploaded.
        public var hasFront: Bool
        /// The front photo's capture analysis.
        public var frontAnalysis: CaptureAnalysis?
        /// The scan of all document photos, or the reason it read nothing.
        public var scan: Result<DocumentScan, RecognitionError>?
        /// Whether a selfie was uploaded.
        public var hasFace: Bool

        /// Creates an input.
        public init(hasFront: Bool, frontAnalysis: CaptureAnalysis?, scan: Result<DocumentScan, RecognitionError>?, hasFace: Bool) {
            self.hasFront = hasFront
            self.frontAnalysis = frontAnalysis
            self.scan = scan
            self.hasFace = hasFace
        }
    }

    /// Decides.
    public func decide(_ input: Input, request: VerificationRequest) -> VerificationResult {
        var checks = VerificationChecks()
        checks.captureQuality = input.frontAnalysis.map(CaptureQuality.init)
        var result = VerificationResult(checks: checks)
        if request.enableIdentityVerification == true {
            result.identityVerification = IdentityVerification(
                similarity: "NOT_POSSIBLE", validity: false,
                reason: input.hasFace ? "FACE_MATCHING_NOT_AVAILABLE" : "NO_FACE_IMAGE")
        }
        let verify = request.enableVerification ?? true
        func reject(_ decision: VerificationDecision, _ code: String, _ description: String) -> VerificationResult {
            var rejected = result
            if verify {
                rejected.verificationStatus = decision
                rejected.rejectReason = RejectReason(code: code, description: description)
            }
            return rejected
        }

        guard input.hasFront else {
            return reject(.noIDUploaded, "NO_DOCUMENT", "no front image of the document was uploaded")
        }
        guard case .success(let scan)? = input.scan else {
            var cause: RecognitionError.Cause?
            if case .failure(let error)? = input.scan { cause = error.cause }
            let (code, description) = unreadableReason(input.frontAnalysis, cause: cause, detail: {
                if case .failure(let error)? = input.scan { return error.detail } else { return nil }
            }())
            return reject(.errorNotReadableID, code, description)
        }
        let document = scan.document
        result.document = document

        // The MRZ the document came from (or the best one), and whether its checks hold.
        let readings = scan.sides.compactMap(\.mrz)
        if readings.contains(where: \.isVerified) {
            result.checks.mrzCheckDigits = .ok
        } else if let best = readings.min(by: { $0.uncertainPositions.count < $1.uncertainPositions.count }) {
            if document.extractionMethod == .mrz {
                guard best.uncertainPositions.isEmpty else {
                    result.checks.mrzCheckDigits = .notAvailable
                    return reject(.errorNotReadableID, "UNREADABLE", "the machine-readable zone is only partly legible (\(best.uncertainPositions.count) unsure characters)")
                }
                result.checks.mrzCheckDigits = .failed
                result.checks.failedMrzChecks = best.failedChecks
            }
        }

        // MRZ against the licence barcode, when both were read.
        if let fromMRZ = readings.first(where: \.isVerified)?.document, let fromBarcode = scan.sides.compactMap(\.aamva).first?.documentData {
            let mismatched = Self.mismatchedFields(fromMRZ, fromBarcode)
            result.checks.mrzBarcodeConsistency = mismatched.isEmpty ? .ok : .failed
            if !mismatched.isEmpty { result.checks.mismatchedFields = mismatched }
        }

        // The printed front against the barcode or MRZ, when both were read.
        if scan.printed != nil, scan.sides.contains(where: { $0.aamva != nil || $0.mrz?.document != nil }) {
            let mismatched = scan.printedMismatch
            result.checks.printedDataConsistency = mismatched.isEmpty ? .ok : .failed
            if !mismatched.isEmpty { result.checks.printedMismatchedFields = mismatched }
        }

        let issues = dataQualityIssues(document)
        result.checks.dataQuality = issues.isEmpty ? .ok : .failed
        if !issues.isEmpty { result.checks.dataQualityIssues = issues }

        if let expiry = document.expiryDate { result.checks.expiry = expiry >= today ? .ok : .failed }

        let typeAccepted = request.preselectedDocumentTypes.map { types in document.selectedDocumentType.map(types.contains) ?? false }
        let countryAccepted = request.preselectedCountry.map { $0.uppercased() == (document.issuingCountry ?? document.selectedCountry)?.uppercased() }
        if typeAccepted != nil || countryAccepted != nil {
            result.checks.documentAccepted = (typeAccepted ?? true) && (countryAccepted ?? true) ? .ok : .failed
        }

        if result.checks.mrzCheckDigits == .failed {
            return reject(.deniedFraud, "MRZ_CHECK_FAILED", "MRZ check digits fail: \(result.checks.failedMrzChecks?.joined(separator: ", ") ?? "")")
        }
        if result.checks.mrzBarcodeConsistency == .failed {
            return reject(.deniedFraud, "MISMATCH_PRINTED_BARCODE_DATA", "the MRZ and the barcode disagree on \(result.checks.mismatchedFields?.joined(separator: ", ") ?? "")")
        }
        if result.checks.dataQuality == .failed {
            return reject(.deniedFraud, "DATA_INCONSISTENT", "the document's data is impossible: \(issues.joined(separator: ", "))")
        }
        if result.checks.expiry == .failed {
            return reject(.deniedUnsupportedIDType, "DOCUMENT_EXPIRED", "the document expired on \(document.expiryDate?.iso ?? "")")
        }
        if typeAccepted == false {
            return reject(.deniedUnsupportedIDType, "UNSUPPORTED_DOCUMENT_TYPE", "the document is not one of the preselected types")
        }
        if countryAccepted == false {
            return reject(.deniedUnsupportedIDType, "UNSUPPORTED_COUNTRY", "the document is not from the preselected country")
        }
        if verify { result.verificationStatus = .approvedVerified }
        return result
    }

    /// Why nothing could be read: a reject code and a sentence, from the scanner's cause when it
    /// gave one (glare counts only over the MRZ; an MRZ found but not read says what was measured),
    /// otherwise from the front photo's capture analysis.
    public func unreadableReason(_ analysis: CaptureAnalysis?, cause: RecognitionError.Cause? = nil, detail: String? = nil) -> (String, String) {
        guard let analysis else { return ("UNREADABLE", "the images cannot be decoded") }
        if !analysis.documentDetected { return ("NOT_FOUND", "no document was found in the photo") }
        if analysis.isBlurry { return ("BLURRED", "the photo is blurred") }
        switch cause {
        case .glareOverMRZ?: return ("GLARE", detail ?? "glare covers the MRZ")
        case .mrzUnreadable?: return ("UNREADABLE", detail ?? "the MRZ cannot be read")
        case nil: if analysis.glareDetected { return ("GLARE", "glare covers part of the document") }
        default: break
        }
        if analysis.exposure != .good { return ("BAD_EXPOSURE", "the photo is too dark or too bright") }
        return ("UNREADABLE", detail ?? "no MRZ, barcode or QR code could be read")
    }

    /// Impossible or implausible data.
    public func dataQualityIssues(_ document: DocumentData) -> [String] {
        var issues: [String] = []
        if let dob = document.dob {
            if dob > today { issues.append("DOB_IN_FUTURE") }
            if today.year - dob.year > 130 { issues.append("DOB_IMPLAUSIBLE") }
            if let issued = document.issuingDate, issued < dob { issues.append("ISSUED_BEFORE_BIRTH") }
            if let expiry = document.expiryDate, expiry < dob { issues.append("EXPIRY_BEFORE_BIRTH") }
        }
        if let issued = document.issuingDate {
            if issued > today { issues.append("ISSUE_DATE_IN_FUTURE") }
            if let expiry = document.expiryDate, expiry < issued { issues.append("EXPIRY_BEFORE_ISSUE") }
        }
        return issues
    }

    /// The fields on which two readings of one document disagree
    /// (``DocumentData/disagreements(with:)``).
    public static func mismatchedFields(_ mrz: DocumentData, _ barcode: DocumentData) -> [String] {
        mrz.disagreements(with: barcode)
    }
}
