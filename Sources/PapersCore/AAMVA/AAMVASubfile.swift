/// One entry of the header's subfile directory: a two-character type and where it claims to be.
public struct AAMVASubfile: Sendable, Hashable, Codable {
    /// The subfile type: `DL`, `ID`, `EN` or a jurisdiction-specific `Z?`.
    public var designator: String
    /// The declared offset of the subfile from the compliance indicator, or `nil` when unreadable.
    public var offset: Int?
    /// The declared length of the subfile in bytes, or `nil` when unreadable.
    public var length: Int?

    /// Creates a directory entry.
    public init(designator: String, offset: Int?, length: Int?) {
        self.designator = designator
        self.offset = offset
        self.length = length
    }

    /// `true` for the subfiles that carry the standard data elements (`DL`, `ID`, `EN`).
    public var isDocumentSubfile: Bool { designator == "DL" || designator == "ID" || designator == "EN" }

    /// `true` for jurisdiction-specific subfiles (`Z` followed by a letter).
    public var isJurisdictionSubfile: Bool { designator.hasPrefix("Z") }
}
