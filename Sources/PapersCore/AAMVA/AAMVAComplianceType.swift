/// REAL ID compliance of the card (`DDA`).
public enum AAMVAComplianceType: String, Sendable, Hashable, Codable, CaseIterable {
    /// `F`: fully compliant.
    case fullyCompliant = "F"
    /// `M`: materially compliant.
    case materiallyCompliant = "M"
    /// `N`: not compliant.
    case nonCompliant = "N"
}
