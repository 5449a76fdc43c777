import Foundation

/// The form as JSON in the keys of Veryfi's W-2 document (`employee_name`, `employee_ssn`, `ein`,
/// `wages_other_comps`, `field_12a_col1`, `is_13a`, `field_14_other`, `states`, …), with the first
/// state row's boxes also at the top level as Veryfi reports them; plus `confidence`,
/// `field_confidence` and `bounding_boxes` (`[x, y, width, height]`). A box not read is `null`.
extension W2Form: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: JSONKey.self)
        try root.encode("w2", forKey: JSONKey("document_type"))
        for box in W2Box.allCases {
            let key = JSONKey(box.rawValue)
            switch boxes[box]?.value {
            case .text(let text): try root.encode(text, forKey: key)
            case .amount(let amount): try root.encode(amount, forKey: key)
            case nil: try root.encodeNil(forKey: key)
            }
        }
        let flags = box13
        try root.encode(flags?.statutoryEmployee, forKey: JSONKey("is_13a"))
        try root.encode(flags?.retirementPlan, forKey: JSONKey("is_13b"))
        try root.encode(flags?.thirdPartySickPay, forKey: JSONKey("is_13c"))
        var others = root.nestedUnkeyedContainer(forKey: JSONKey("field_14_other"))
        for entry in other {
            var item = others.nestedContainer(keyedBy: JSONKey.self)
            try item.encode(entry.description, forKey: JSONKey("column_1"))
            try item.encode(entry.amount, forKey: JSONKey("column_2"))
        }
        func encodeRow(_ row: W2StateRow?, into container: inout KeyedEncodingContainer<JSONKey>) throws {
            try container.encode(row?.state?.value, forKey: JSONKey("state"))
            try container.encode(row?.employerStateID?.value, forKey: JSONKey("employer_state_id"))
            try container.encode(row?.stateWagesTips?.value, forKey: JSONKey("state_wages_tips"))
            try container.encode(row?.stateIncomeTax?.value, forKey: JSONKey("state_income_tax"))
            try container.encode(row?.localWagesTips?.value, forKey: JSONKey("local_wages_tips"))
            try container.encode(row?.localIncomeTax?.value, forKey: JSONKey("local_income_tax"))
            try container.encode(row?.localityName?.value, forKey: JSONKey("locality_name"))
        }
        try encodeRow(states.first, into: &root)
        var rows = root.nestedUnkeyedContainer(forKey: JSONKey("states"))
        for state in states {
            var item = rows.nestedContainer(keyedBy: JSONKey.self)
            try encodeRow(state, into: &item)
        }
        try root.encode(Receipt.rounded(confidence), forKey: JSONKey("confidence"))
        var confidences = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("field_confidence"))
        var boxesOut = root.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("bounding_boxes"))
        for box in W2Box.allCases {
            guard let field = boxes[box] else { continue }
            try confidences.encode(Receipt.rounded(field.confidence), forKey: JSONKey(box.rawValue))
            if let rect = field.box { try boxesOut.encode(Receipt.array(rect), forKey: JSONKey(box.rawValue)) }
        }
    }
}
