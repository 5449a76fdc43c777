/// Whether a name field was truncated to fit the card (`DDE`, `DDF`, `DDG`).
public enum AAMVATruncation: String, Sendable, Hashable, Codable, CaseIterable {
    /// `T`: the name was truncated.
    case truncated = "T"
    /// `N`: the name is complete.
    case notTruncated = "N"
    /// `U`: the issuer does not know.
    case unknown = "U"

    /// Reads `T`, `N` or `U`; anything else is `nil`.
    init?(code: String?) {
        guard let code, let value = AAMVATruncation(rawValue: code.uppercased()) else { return nil }
        self = value
    }
}
