import Foundation

/// One state and locality row of a W-2 (boxes 15 to 20).
public struct W2StateRow: Sendable, Hashable {
    /// Box 15: the state's two-letter code.
    public var state: ExtractedField<String>?
    /// Box 15: the employer's state ID number.
    public var employerStateID: ExtractedField<String>?
    /// Box 16: state wages, tips, etc.
    public var stateWagesTips: ExtractedField<Decimal>?
    /// Box 17: state income tax.
    public var stateIncomeTax: ExtractedField<Decimal>?
    /// Box 18: local wages, tips, etc.
    public var localWagesTips: ExtractedField<Decimal>?
    /// Box 19: local income tax.
    public var localIncomeTax: ExtractedField<Decimal>?
    /// Box 20: locality name.
    public var localityName: ExtractedField<String>?

    /// Creates a row.
    public init(state: ExtractedField<String>? = nil, employerStateID: ExtractedField<String>? = nil,
                stateWagesTips: ExtractedField<Decimal>? = nil, stateIncomeTax: ExtractedField<Decimal>? = nil,
                localWagesTips: ExtractedField<Decimal>? = nil, localIncomeTax: ExtractedField<Decimal>? = nil,
                localityName: ExtractedField<String>? = nil) {
        self.state = state
        self.employerStateID = employerStateID
        self.stateWagesTips = stateWagesTips
        self.stateIncomeTax = stateIncomeTax
        self.localWagesTips = localWagesTips
        self.localIncomeTax = localIncomeTax
        self.localityName = localityName
    }

    /// Whether any box of the row was read.
    public var isEmpty: Bool {
        state == nil && employerStateID == nil && stateWagesTips == nil && stateIncomeTax == nil && localWagesTips == nil
            && localIncomeTax == nil && localityName == nil
    }
}
