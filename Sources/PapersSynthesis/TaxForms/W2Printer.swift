import Foundation
import PapersImaging

/// Prints a Form W-2: the grid and box labels in the layout of the IRS form (boxes a to f on the
/// left, 1 to 14 in two columns on the right, the state and local row 15 to 20 across the
/// bottom), then the values typed into their boxes.
enum W2Printer {
    /// A box: its label, where its cell lies (inches from the form's top-left), and its values'
    /// lines.
    struct Cell {
        let label: String
        let x0: Double, y0: Double, x1: Double, y1: Double
        var values: [String] = []
    }

    static func money(_ value: Decimal?, thousands: Bool) -> String? {
        guard let value else { return nil }
        let number = NSDecimalNumber(decimal: value).doubleValue
        let plain = String(format: "%.2f", number)
        guard thousands, number >= 1000 else { return plain }
        let parts = plain.split(separator: ".")
        var integer = String(parts[0]), grouped = ""
        while integer.count > 3 {
            grouped = "," + integer.suffix(3) + grouped
            integer = String(integer.dropLast(3))
        }
        return integer + grouped + "." + parts[1]
    }

    static func print(_ form: SyntheticW2, valueFont: String, labelFont: String, pixelsPerInch ppi: Double, thousands: Bool,
                      random: inout SeededRandom) throws(IndependentRenderError) -> IndependentRaster {
        let labels = try PrintedTextPainter(fontPath: labelFont)
        let values = try PrintedTextPainter(fontPath: valueFont)
        let margin = 0.25, formWidth = 8.0, formHeight = 5.55
        let width = Int(((formWidth + 2 * margin) * ppi).rounded()), height = Int(((formHeight + 2 * margin) * ppi).rounded())
        var sheet = IndependentRaster(width: width, height: height, channels: 3, value: Float(random.uniform(240...252)))
        let ink: (Float, Float, Float) = (20, 20, 25)
        let labelInk: (Float, Float, Float) = (Float(random.uniform(20...60)), 30, 35)
        func px(_ inches: Double) -> Double { (inches + margin) * ppi }
        func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            let thickness = max(1, Int((ppi / 150).rounded()))
            let ax = Int(px(x0)), ay = Int(px(y0)), bx = Int(px(x1)), by = Int(px(y1))
            for y in min(ay, by)...(max(ay, by) + thickness - 1) where y >= 0 && y < height {
                for x in min(ax, bx)...(max(ax, bx) + thickness - 1) where x >= 0 && x < width {
                    let i = (y * width + x) * 3
                    sheet.data[i] = 40; sheet.data[i + 1] = 40; sheet.data[i + 2] = 45
                }
            }
        }
        let labelEm = 7.0 / 72 * ppi, smallEm = 6.0 / 72 * ppi, valueEm = 10.0 / 72 * ppi
        func label(_ text: String, _ x: Double, _ y: Double, em: Double? = nil) throws(IndependentRenderError) {
            try labels.draw(text, x: px(x), baseline: px(y), pixelsPerEm: em ?? labelEm, on: &sheet, ink: labelInk)
        }
        func value(_ text: String, _ x: Double, _ y: Double) throws(IndependentRenderError) {
            try values.draw(text, x: px(x), baseline: px(y), pixelsPerEm: valueEm, embolden: 0.3, on: &sheet, ink: ink)
        }

        let left = 0.0, middle = 3.6, right1 = 5.8, right = formWidth
        let employer = [form.employerName] + form.employerAddress.split(separator: "\n").map(String.init)
        let employee = [form.employeeName] + form.employeeAddress.split(separator: "\n").map(String.init)
        let cells: [Cell] = [
            Cell(label: "a  Employee's social security number", x0: left, y0: 0, x1: middle, y1: 0.45, values: [form.employeeSSN]),
            Cell(label: "OMB No. 1545-0008", x0: middle, y0: 0, x1: right, y1: 0.45),
            Cell(label: "b  Employer identification number (EIN)", x0: left, y0: 0.45, x1: middle, y1: 0.9, values: [form.ein]),
            Cell(label: "1  Wages, tips, other compensation", x0: middle, y0: 0.45, x1: right1, y1: 0.9,
                 values: [money(form.wagesOtherComps, thousands: thousands)!]),
            Cell(label: "2  Federal income tax withheld", x0: right1, y0: 0.45, x1: right, y1: 0.9,
                 values: [money(form.federalIncomeTax, thousands: thousands)!]),
            Cell(label: "c  Employer's name, address, and ZIP code", x0: left, y0: 0.9, x1: middle, y1: 2.25, values: employer),
            Cell(label: "3  Social security wages", x0: middle, y0: 0.9, x1: right1, y1: 1.35, values: [money(form.ssWages, thousands: thousands)!]),
            Cell(label: "4  Social security tax withheld", x0: right1, y0: 0.9, x1: right, y1: 1.35, values: [money(form.ssTax, thousands: thousands)!]),
            Cell(label: "5  Medicare wages and tips", x0: middle, y0: 1.35, x1: right1, y1: 1.8,
                 values: [money(form.medicareWages, thousands: thousands)!]),
            Cell(label: "6  Medicare tax withheld", x0: right1, y0: 1.35, x1: right, y1: 1.8, values: [money(form.medicareTax, thousands: thousands)!]),
            Cell(label: "7  Social security tips", x0: middle, y0: 1.8, x1: right1, y1: 2.25,
                 values: [money(form.ssTips, thousands: thousands)].compactMap { $0 }),
            Cell(label: "8  Allocated tips", x0: right1, y0: 1.8, x1: right, y1: 2.25,
                 values: [money(form.allocatedTips, thousands: thousands)].compactMap { $0 }),
            Cell(label: "d  Control number", x0: left, y0: 2.25, x1: middle, y1: 2.7, values: [form.controlNumber].compactMap { $0 }),
            Cell(label: "9", x0: middle, y0: 2.25, x1: right1, y1: 2.7),
            Cell(label: "10  Dependent care benefits", x0: right1, y0: 2.25, x1: right, y1: 2.7,
                 values: [money(form.dependentCareBenefits, thousands: thousands)].compactMap { $0 }),
            Cell(label: "e  Employee's first name and initial      Last name      Suff.", x0: left, y0: 2.7, x1: middle, y1: 4.5,
                 values: employee),
            Cell(label: "11  Nonqualified plans", x0: middle, y0: 2.7, x1: right1, y1: 3.15,
                 values: [money(form.nonQualifiedPlans, thousands: thousands)].compactMap { $0 }),
            Cell(label: "13", x0: middle, y0: 3.15, x1: right1, y1: 3.9),
            Cell(label: "14  Other", x0: middle, y0: 3.9, x1: right1, y1: 4.5,
                 values: form.field14Other.map { "\($0.column1)  \(money($0.column2, thousands: thousands)!)" }),
        ]
        for cell in cells {
            line(cell.x0, cell.y0, cell.x1, cell.y0)
            line(cell.x0, cell.y1, cell.x1, cell.y1)
            line(cell.x0, cell.y0, cell.x0, cell.y1)
            line(cell.x1, cell.y0, cell.x1, cell.y1)
            try label(cell.label, cell.x0 + 0.05, cell.y0 + 0.12)
            for (index, text) in cell.values.enumerated() {
                try value(text, cell.x0 + 0.15, cell.y0 + 0.36 + Double(index) * 0.2)
            }
        }
        try label("f  Employee's address and ZIP code", left + 0.05, 4.4)
        // Box 12: four rows of a code and an amount.
        let twelve = [form.field12a, form.field12b, form.field12c, form.field12d]
        for (row, letter) in ["a", "b", "c", "d"].enumerated() {
            let y0 = 2.7 + 0.45 * Double(row)
            line(right1, y0, right, y0)
            line(right1, y0 + 0.45, right, y0 + 0.45)
            line(right, y0, right, y0 + 0.45)
            try label(row == 0 ? "12a  See instructions for box 12" : "12\(letter)", right1 + 0.05, y0 + 0.12)
            line(right1 + 0.5, y0 + 0.18, right1 + 0.5, y0 + 0.45)
            if let entry = twelve[row] {
                try value(entry.code, right1 + 0.12, y0 + 0.38)
                try value(money(entry.amount, thousands: thousands)!, right1 + 0.65, y0 + 0.38)
            }
        }
        // Box 13: three checkboxes, each left of its label.
        let boxes = [("Statutory employee", form.is13a), ("Retirement plan", form.is13b), ("Third-party sick pay", form.is13c)]
        for (row, (text, checked)) in boxes.enumerated() {
            let baseline = 3.4 + 0.19 * Double(row), size = 0.12
            let bx = middle + 0.3, by = baseline - size
            line(bx, by, bx + size, by); line(bx, by + size, bx + size, by + size)
            line(bx, by, bx, by + size); line(bx + size, by, bx + size, by + size)
            if checked { try value("X", bx + 0.015, baseline - 0.01) }
            try label(text, bx + size + 0.08, baseline)
        }
        // Boxes 15 to 20, with up to two state rows.
        let columns: [(String, Double, Double)] = [("15  State   Employer's state ID number", 0, 2.3), ("16  State wages, tips, etc.", 2.3, 3.6),
                                                   ("17  State income tax", 3.6, 4.7), ("18  Local wages, tips, etc.", 4.7, 6.0),
                                                   ("19  Local income tax", 6.0, 7.1), ("20  Locality name", 7.1, 8.0)]
        for (text, x0, x1) in columns {
            line(x0, 4.5, x1, 4.5); line(x0, 5.25, x1, 5.25); line(x0, 4.5, x0, 5.25); line(x1, 4.5, x1, 5.25)
            try label(text, x0 + 0.04, 4.61, em: smallEm)
        }
        for (row, state) in form.states.prefix(2).enumerated() {
            let baseline = 4.88 + 0.25 * Double(row)
            try value(state.state, 0.12, baseline)
            try value(state.employerStateID, 0.6, baseline)
            try value(money(state.stateWagesTips, thousands: thousands)!, 2.4, baseline)
            try value(money(state.stateIncomeTax, thousands: thousands)!, 3.7, baseline)
            if let local = money(state.localWagesTips, thousands: thousands) { try value(local, 4.8, baseline) }
            if let local = money(state.localIncomeTax, thousands: thousands) { try value(local, 6.1, baseline) }
            if let name = state.localityName { try value(name, 7.2, baseline) }
        }
        try label("Form W-2  Wage and Tax Statement", 0.05, 5.48, em: 11.0 / 72 * ppi)
        try label("Department of the Treasury - Internal Revenue Service", 4.3, 5.45, em: smallEm)
        return sheet
    }
}
