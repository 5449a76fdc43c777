import Foundation

/// The ground truth of a synthetic Form W-2, in the keys of Veryfi's W-2 document (absent keys
/// are empty boxes).
public struct SyntheticW2: Sendable, Hashable, Codable {
    /// One entry of box 14.
    public struct Other: Sendable, Hashable, Codable {
        /// The description (`column_1`).
        public var column1: String
        /// The amount (`column_2`).
        public var column2: Decimal
        enum CodingKeys: String, CodingKey { case column1 = "column_1", column2 = "column_2" }
    }

    /// One state row (boxes 15 to 20).
    public struct State: Sendable, Hashable, Codable {
        public var state: String
        public var employerStateID: String
        public var stateWagesTips: Decimal
        public var stateIncomeTax: Decimal
        public var localWagesTips: Decimal?
        public var localIncomeTax: Decimal?
        public var localityName: String?
        enum CodingKeys: String, CodingKey {
            case state, employerStateID = "employer_state_id", stateWagesTips = "state_wages_tips"
            case stateIncomeTax = "state_income_tax", localWagesTips = "local_wages_tips"
            case localIncomeTax = "local_income_tax", localityName = "locality_name"
        }
    }

    public var employeeSSN: String
    public var ein: String
    public var employerName: String
    public var employerAddress: String
    public var controlNumber: String?
    public var employeeName: String
    public var employeeAddress: String
    public var wagesOtherComps: Decimal
    public var federalIncomeTax: Decimal
    public var ssWages: Decimal
    public var ssTax: Decimal
    public var medicareWages: Decimal
    public var medicareTax: Decimal
    public var ssTips: Decimal?
    public var allocatedTips: Decimal?
    public var dependentCareBenefits: Decimal?
    public var nonQualifiedPlans: Decimal?
    /// A box 12 entry.
    public struct Box12: Sendable, Hashable, Codable {
        public var code: String
        public var amount: Decimal
    }
    public var field12a: Box12?
    public var field12b: Box12?
    public var field12c: Box12?
    public var field12d: Box12?
    public var is13a: Bool
    public var is13b: Bool
    public var is13c: Bool
    public var field14Other: [Other]
    public var states: [State]
    /// The font file the form's values are typed in.
    public var font: String

    enum CodingKeys: String, CodingKey {
        case employeeSSN = "employee_ssn", ein, employerName = "employer_name", employerAddress = "employer_address"
        case controlNumber = "control_number", employeeName = "employee_name", employeeAddress = "employee_address"
        case wagesOtherComps = "wages_other_comps", federalIncomeTax = "federal_income_tax", ssWages = "ss_wages"
        case ssTax = "ss_tax", medicareWages = "medicare_wages", medicareTax = "medicare_tax", ssTips = "ss_tips"
        case allocatedTips = "allocated_tips", dependentCareBenefits = "dependent_care_benefits"
        case nonQualifiedPlans = "non_qualified_plans", field12a = "field_12a", field12b = "field_12b"
        case field12c = "field_12c", field12d = "field_12d", is13a = "is_13a", is13b = "is_13b", is13c = "is_13c"
        case field14Other = "field_14_other", states, font
    }
}
