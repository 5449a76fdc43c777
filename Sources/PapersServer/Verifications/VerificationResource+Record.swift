import PapersVerification

extension VerificationResource {
    /// The API's view of a stored verification: a deleted one keeps only its reference, status
    /// and timestamps.
    init(_ record: VerificationRecord) {
        self.init(scanReference: record.id, status: record.state,
                  createdAt: Timestamp.iso(record.createdAt), updatedAt: Timestamp.iso(record.updatedAt))
        guard record.state != .deleted else { return }
        verificationStatus = record.decision
        rejectReason = record.result?.rejectReason
        document = record.result?.document
        checks = record.result?.checks
        identityVerification = record.result?.identityVerification
        liveness = record.result?.liveness
        customerInternalReference = record.request?.customerInternalReference
        userReference = record.request?.userReference
        reportingCriteria = record.request?.reportingCriteria
        images = record.images.filter { !$0.hasPrefix("frames-") }
    }
}
