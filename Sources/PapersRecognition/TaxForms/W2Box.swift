/// The single-value boxes of a US Form W-2 (Wage and Tax Statement), named by the keys of
/// Veryfi's W-2 document.
public enum W2Box: String, Sendable, Hashable, CaseIterable, Codable {
    case employeeSSN = "employee_ssn"
    case ein
    case employerName = "employer_name"
    case employerAddress = "employer_address"
    case controlNumber = "control_number"
    case employeeName = "employee_name"
    case employeeAddress = "employee_address"
    case wagesOtherComps = "wages_other_comps"
    case federalIncomeTax = "federal_income_tax"
    case ssWages = "ss_wages"
    case ssTax = "ss_tax"
    case medicareWages = "medicare_wages"
    case medicareTax = "medicare_tax"
    case ssTips = "ss_tips"
    case allocatedTips = "allocated_tips"
    case advanceEICPayment = "advance_eic_payment"
    case dependentCareBenefits = "dependent_care_benefits"
    case nonQualifiedPlans = "non_qualified_plans"
    case field12aCode = "field_12a_col1"
    case field12aAmount = "field_12a_col2"
    case field12bCode = "field_12b_col1"
    case field12bAmount = "field_12b_col2"
    case field12cCode = "field_12c_col1"
    case field12cAmount = "field_12c_col2"
    case field12dCode = "field_12d_col1"
    case field12dAmount = "field_12d_col2"

    /// Whether the box holds a money amount (otherwise text).
    public var isAmount: Bool {
        switch self {
        case .employeeSSN, .ein, .employerName, .employerAddress, .controlNumber, .employeeName, .employeeAddress,
             .field12aCode, .field12bCode, .field12cCode, .field12dCode:
            false
        default:
            true
        }
    }
}
