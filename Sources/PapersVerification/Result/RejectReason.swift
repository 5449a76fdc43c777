/// Why a verification was not approved.
public struct RejectReason: Sendable, Hashable, Codable {
    /// A stable identifier: `MRZ_CHECK_FAILED`, `MISMATCH_PRINTED_BARCODE_DATA`, `DATA_INCONSISTENT`,
    /// `DOCUMENT_EXPIRED`, `UNSUPPORTED_DOCUMENT_TYPE`, `UNSUPPORTED_COUNTRY`, `BLURRED`, `GLARE`,
    /// `NOT_FOUND`, `UNREADABLE`, `NO_DOCUMENT`.
    public let code: String
    /// A sentence for people.
    public let description: String

    /// Creates a reason.
    public init(code: String, description: String) {
        self.code = code
        self.description = description
    }
}
