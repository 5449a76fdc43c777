import Foundation

/// Makes up the values of a Form W-2 consistent with US payroll rules: social security tax at
/// 6.2% of wages up to the wage base, Medicare at 1.45%, box 12 codes with amounts.
enum W2Generator {
    static let firstNames = ["JOHN A", "MARIA L", "DOCTORED B", "PRIYA K", "WEI", "SAMUEL T", "AISHA", "CARLOS M", "EMMA R"]
    static let lastNames = ["SMITH", "GARCIA", "MONEY", "PATEL", "CHEN", "OKAFOR", "JOHNSON", "NGUYEN", "MUELLER"]
    static let employers = ["BESTEST HOSPITAL EVER INC.", "ACME WIDGETS LLC", "NORTHWIND TRADERS CORP", "BLUE SKY LOGISTICS INC",
                            "RIVERSIDE SCHOOL DISTRICT", "CONTOSO SOFTWARE INC"]
    static let streets = ["123 PAYNE LANE", "80 WORKHOURS WAY", "450 MARKET ST", "17 ELM AVENUE", "2200 LAKESHORE DR",
                          "9 ORCHARD ROAD", "601 PINE STREET"]
    static let places: [(city: String, state: String, zip: String, locality: String?)] = [
        ("POSTCALL", "NY", "11111", "NYC"), ("SLEEPLESS HOLLOW", "NY", "11222", "NYC"), ("COLUMBUS", "OH", "43215", "COLUMBUS"),
        ("AUSTIN", "TX", "78701", nil), ("DENVER", "CO", "80202", nil), ("PHILADELPHIA", "PA", "19103", "PHILA"),
        ("SACRAMENTO", "CA", "95814", nil),
    ]

    static func pick<T>(_ values: [T], _ random: inout SeededRandom) -> T {
        values[Int(random.uniform(0...Double(values.count) - 0.001))]
    }

    static func cents(_ value: Double) -> Decimal {
        Decimal(Int((value * 100).rounded())) / 100
    }

    static func make(random: inout SeededRandom, heldOut: Bool, font: String) -> SyntheticW2 {
        let wages = Double(Int(random.uniform(28_000...160_000))) + (random.chance(0.5) ? Double(Int(random.uniform(0...99))) / 100 : 0)
        let ssWages = min(wages, 168_600)
        let place = pick(places, &random), home = pick(places.filter { $0.state == place.state } + [place], &random)
        let employerName = pick(employers, &random)
        let codes = ["D", "DD", "C", "W", "E", "AA"]
        var box12: [SyntheticW2.Box12] = []
        for code in codes.shuffled(using: &random).prefix(Int(random.uniform(0...4.999))) {
            box12.append(.init(code: code, amount: cents(random.uniform(40...9_000))))
        }
        var others: [SyntheticW2.Other] = []
        if random.chance(0.5) { others.append(.init(column1: "\(place.state) SDI", column2: cents(random.uniform(20...60)))) }
        if random.chance(0.3) { others.append(.init(column1: "UNION DUES", column2: cents(random.uniform(200...900)))) }
        var states = [SyntheticW2.State(state: place.state, employerStateID: String(format: "%08d", Int(random.uniform(0...99_999_999))),
                                        stateWagesTips: cents(wages), stateIncomeTax: cents(wages * random.uniform(0.03...0.07)),
                                        localWagesTips: place.locality == nil ? nil : cents(wages),
                                        localIncomeTax: place.locality == nil ? nil : cents(wages * random.uniform(0.005...0.02)),
                                        localityName: place.locality)]
        if random.chance(0.2), let other = places.first(where: { $0.state != place.state }) {
            states.append(.init(state: other.state, employerStateID: String(format: "%08d", Int(random.uniform(0...99_999_999))),
                                stateWagesTips: cents(wages * 0.2), stateIncomeTax: cents(wages * 0.2 * 0.04),
                                localWagesTips: nil, localIncomeTax: nil, localityName: nil))
        }
        return SyntheticW2(
            employeeSSN: String(format: "%03d-%02d-%04d", Int(random.uniform(100...899)), Int(random.uniform(10...99)),
                                Int(random.uniform(1000...9999))),
            ein: String(format: "%02d-%07d", Int(random.uniform(10...99)), Int(random.uniform(1_000_000...9_999_999))),
            employerName: employerName,
            employerAddress: "\(pick(streets, &random))\n\(place.city), \(place.state) \(place.zip)",
            controlNumber: random.chance(0.4) ? String(format: "%06d", Int(random.uniform(0...999_999))) : nil,
            employeeName: "\(pick(firstNames, &random)) \(pick(lastNames, &random))",
            employeeAddress: "\(pick(streets, &random))\n\(home.city) \(home.state) \(home.zip)",
            wagesOtherComps: cents(wages), federalIncomeTax: cents(wages * random.uniform(0.08...0.2)),
            ssWages: cents(ssWages), ssTax: cents(ssWages * 0.062), medicareWages: cents(wages), medicareTax: cents(wages * 0.0145),
            ssTips: random.chance(0.15) ? cents(random.uniform(100...3000)) : nil,
            allocatedTips: random.chance(0.1) ? cents(random.uniform(100...2000)) : nil,
            dependentCareBenefits: random.chance(0.2) ? cents(random.uniform(500...5000)) : nil,
            nonQualifiedPlans: random.chance(0.1) ? cents(random.uniform(500...5000)) : nil,
            field12a: box12.count > 0 ? box12[0] : nil, field12b: box12.count > 1 ? box12[1] : nil,
            field12c: box12.count > 2 ? box12[2] : nil, field12d: box12.count > 3 ? box12[3] : nil,
            is13a: random.chance(0.1), is13b: random.chance(0.5), is13c: random.chance(0.1),
            field14Other: others, states: states, font: (font as NSString).lastPathComponent)
    }
}
