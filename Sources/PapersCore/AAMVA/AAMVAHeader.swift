/// The fixed header of an AAMVA payload: file type, issuer, versions and subfile directory.
public struct AAMVAHeader: Sendable, Hashable, Codable {
    /// The file type as encoded: `"ANSI "` (the standard) or `"AAMVA"` (some early cards).
    public var fileType: String
    /// The six-digit issuer identification number (IIN), e.g. `"636000"` for Virginia.
    public var issuerIdentificationNumber: String
    /// The AAMVA standard version: 1 (2000) to 10 (2020), 11 for the 2025 revision; 0 before the standard.
    public var aamvaVersion: Int
    /// The jurisdiction's own version number; `nil` when absent (version 1 headers).
    public var jurisdictionVersion: Int?
    /// The number of subfile entries the header declares.
    public var numberOfEntries: Int?
    /// The subfile directory, in header order.
    public var subfiles: [AAMVASubfile]

    /// Creates a header.
    public init(
        fileType: String, issuerIdentificationNumber: String, aamvaVersion: Int,
        jurisdictionVersion: Int?, numberOfEntries: Int?, subfiles: [AAMVASubfile]
    ) {
        self.fileType = fileType
        self.issuerIdentificationNumber = issuerIdentificationNumber
        self.aamvaVersion = aamvaVersion
        self.jurisdictionVersion = jurisdictionVersion
        self.numberOfEntries = numberOfEntries
        self.subfiles = subfiles
    }
}
