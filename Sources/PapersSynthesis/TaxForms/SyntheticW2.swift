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
        /// The box that Veryfi calls `state`.
        public var state: String
        /// The box that Veryfi calls `employer_state_id`.
        public var employerStateID: String
        /// The box that Veryfi calls `state_wages_tips`.
        public var stateWagesTips: Decimal
        /// The box that Veryfi calls `state_income_tax`.
        public var stateIncomeTax: Decimal
        /// The box that Veryfi calls `local_wages_tips`.
        public var localWagesTips: Decimal?
        /// The box that Veryfi calls `local_income_tax`.
        public var localIncomeTax: Decimal?
        /// The box that Veryfi calls `locality_name`.
        public var localityName: String?
        enum CodingKeys: String, CodingKey {
            case state, employerStateID = "employer_state_id", stateWagesTips = "state_wages_tips"
            case stateIncomeTax = "state_income_tax", localWagesTips = "local_wages_tips"
            case localIncomeTax = "local_income_tax", localityName = "locality_name"
        }
    }

    /// The box that Veryfi calls `employee_ssn`.
    public var employeeSSN: String
    /// The box that Veryfi calls `ein`.
    public var ein: String
    /// The box that Veryfi calls `employer_name`.
    public var employerName: String
    /// The box that Veryfi calls `employer_address`.
    public var employerAddress: String
    /// The box that Veryfi calls `control_number`.
    public var controlNumber: String?
    /// The box that Veryfi calls `employee_name`.
    public var employeeName: String
    /// The box that Veryfi calls `employee_address`.
    public var employeeAddress: String
    /// The box that Veryfi calls `wages_other_comps`.
    public var wagesOtherComps: Decimal
    /// The box that Veryfi calls `federal_income_tax`.
    public var federalIncomeTax: Decimal
    /// The box that Veryfi calls `ss_wages`.
    public var ssWages: Decimal
    /// The box that Veryfi calls `ss_tax`.
    public var ssTax: Decimal
    /// The box that Veryfi calls `medicare_wages`.
    public var medicareWages: Decimal
    /// The box that Veryfi calls `medicare_tax`.
    public var medicareTax: Decimal
    /// The box that Veryfi calls `ss_tips`.
    public var ssTips: Decimal?
    /// The box that Veryfi calls `allocated_tips`.
    public var allocatedTips: Decimal?
    /// The box that Veryfi calls `dependent_care_benefits`.
    public var dependentCareBenefits: Decimal?
    /// The box that Veryfi calls `non_qualified_plans`.
    public var nonQualifiedPlans: Decimal?
    /// A box 12 entry.
    public struct Box12: Sendable, Hashable, Codable {
        /// The box that Veryfi calls `code`.
        public var code: String
        /// The box that Veryfi calls `amount`.
        public var amount: Decimal
    }
    /// The box that Veryfi calls `field_12a`.
    public var field12a: Box12?
    /// The box that Veryfi calls `field_12b`.
    public var field12b: Box12?
    /// The box that Veryfi calls `field_12c`.
    public var field12c: Box12?
    /// The box that Veryfi calls `field_12d`.
    public var field12d: Box12?
    /// The box that Veryfi calls `is_13a`.
    public var is13a: Bool
    /// The box that Veryfi calls `is_13b`.
    public var is13b: Bool
    /// The box that Veryfi calls `is_13c`.
    public var is13c: Bool
    /// The box that Veryfi calls `field_14_other`.
    public var field14Other: [Other]
    /// The box that Veryfi calls `states`.
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
