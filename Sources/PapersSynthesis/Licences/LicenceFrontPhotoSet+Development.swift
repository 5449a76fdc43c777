import Foundation
import PapersCore

extension LicenceFrontPhotoSet {
    /// The development layout, drawn after the AAMVA DL/ID Card Design Standard (2020) and the
    /// cards US states and Canadian provinces issue, at 12 pixels per millimetre (ID-1):
    ///
    /// - a coloured security background (a pale tint graded top to bottom, fine concentric
    ///   rings), the jurisdiction's name as a coloured title and the card's name beside it;
    /// - the portrait on the left (or, on one card in four, the right), a signature below it;
    /// - short labels without field numbers (`DL`, `DLN`, `LIC#`, `ID NO`, `EXP`, `DOB`, `ISS`,
    ///   `SEX`, `HGT`, `EYES`, `CLASS`, `RESTR`, `END`), printed small either above their
    ///   values or left of them, the whole card one way;
    /// - the names without labels, `LAST` over `FIRST MIDDLE` or `LAST, FIRST MIDDLE` on one
    ///   line (on one card in four labelled `LN` and `FN` instead), over a two-line address;
    /// - the number and expiry in red on one row, the other fields in a grid of two or three
    ///   columns, above or below the names;
    /// - US dates as MM/DD/YYYY, Canadian ones as YYYY/MM/DD;
    /// - Liberation Sans (Arial's metrics) with labels in it or in Liberation Sans Narrow, at 60 to
    ///   70% of the values' size, and a Liberation Serif title: none of the tuning or held-out
    ///   layouts' fonts.
    static func developmentCard(_ card: AAMVACard, random: inout SeededRandom) throws(IndependentRenderError) -> IndependentRaster {
        let width = 1027, height = 648
        let regular = try PrintedTextPainter(fontPath: PrintFonts.liberationSans)
        let bold = try PrintedTextPainter(fontPath: PrintFonts.liberationSansBold)
        let narrowFont = try PrintedTextPainter(fontPath: PrintFonts.liberationSansNarrow)
        let serif = try PrintedTextPainter(fontPath: PrintFonts.liberationSerifBold)
        func pick<T>(_ list: [T]) -> T { list[Int(random.uniform(0...0.999_999) * Double(list.count))] }

        // Background: a tint from the palette of real cards, darker towards the bottom, with
        // concentric rings around a point off the card's centre.
        let tints: [(Float, Float, Float)] = [(246, 232, 190), (214, 236, 214), (244, 218, 222), (214, 226, 242), (232, 226, 242)]
        let tint = pick(tints)
        var raster = IndependentRaster(width: width, height: height, channels: 3)
        let centre = (random.uniform(200...800), random.uniform(150...500)), ring = random.uniform(5...9)
        for y in 0..<height {
            let grade = Float(y) / Float(height) * 18
            for x in 0..<width {
                let distance = ((Double(x) - centre.0) * (Double(x) - centre.0) + (Double(y) - centre.1) * (Double(y) - centre.1)).squareRoot()
                let wave = Float(5 * sin(distance / ring))
                let i = (y * width + x) * 3
                raster.data[i] = tint.0 - grade + wave; raster.data[i + 1] = tint.1 - grade + wave; raster.data[i + 2] = tint.2 - grade + wave
            }
        }
        func fill(_ xs: Range<Int>, _ ys: Range<Int>, _ colour: (Float, Float, Float)) {
            for y in ys where y >= 0 && y < height { for x in xs where x >= 0 && x < width {
                let i = (y * width + x) * 3
                raster.data[i] = colour.0; raster.data[i + 1] = colour.1; raster.data[i + 2] = colour.2
            } }
        }

        // Title: the jurisdiction in a dark colour, the card's name and the country to its right.
        let titleInk: (Float, Float, Float) = pick([(20, 50, 120), (110, 20, 30), (20, 80, 50), (60, 30, 90)])
        let isID = card.documentType == .identificationCard
        let canadian = card.jurisdiction.country == "CAN"
        let name = isID ? pick(["IDENTIFICATION CARD", "ID CARD"]) : pick(canadian ? ["DRIVER'S LICENCE", "DRIVER'S LICENSE"] : ["DRIVER LICENSE", "DRIVER'S LICENSE"])
        let titleEm = random.uniform(44...54)
        try serif.draw(card.jurisdiction.name.uppercased(), x: 36, baseline: 70, pixelsPerEm: titleEm, on: &raster, ink: titleInk)
        let titleWidth = try serif.width(card.jurisdiction.name.uppercased(), pixelsPerEm: titleEm)
        let nameX = max(36 + titleWidth + 40, 560)
        try bold.draw(name, x: nameX, baseline: 58, pixelsPerEm: 24, on: &raster, ink: titleInk)
        try bold.draw(canadian ? "CANADA" : "USA", x: nameX, baseline: 90, pixelsPerEm: 20, on: &raster, ink: titleInk)
        fill(0..<width, 104..<108, titleInk)

        // Portrait and signature.
        let portraitLeft = random.chance(0.75)
        let portraitX = portraitLeft ? 34 : width - 300
        for y in 130..<470 { for x in portraitX..<(portraitX + 266) {
            let g = Float(165 - (y - 130) / 6), i = (y * width + x) * 3
            raster.data[i] = g; raster.data[i + 1] = g + 2; raster.data[i + 2] = g + 8
        } }
        var pen = (Double(portraitX + 20), 560.0)
        for step in 0..<60 {
            let next = (pen.0 + 3.6, 560 + 18 * sin(Double(step) / 3.1) + random.uniform(-3...3))
            for t in 0..<4 { let f = Double(t) / 4; fill(Int(pen.0 + (next.0 - pen.0) * f)..<Int(pen.0 + (next.0 - pen.0) * f) + 3,
                                                        Int(pen.1 + (next.1 - pen.1) * f)..<Int(pen.1 + (next.1 - pen.1) * f) + 3, (30, 30, 60)) }
            pen = next
        }

        // Fields.
        let ink: (Float, Float, Float) = (15, 15, 25), red: (Float, Float, Float) = (170, 20, 25)
        let labelInk: (Float, Float, Float) = pick([(140, 25, 30), (30, 40, 110), (60, 60, 60)])
        let em = random.uniform(25...29), labelEm = em * random.uniform(0.6...0.7)
        let narrow = random.chance(0.5) ? narrowFont : regular
        let labelAbove = random.chance(0.6)
        let left = portraitLeft ? 330.0 : 40.0, right = portraitLeft ? 990.0 : 700.0
        func date(_ value: CalendarDate) -> String {
            canadian ? String(format: "%04d/%02d/%02d", value.year, value.month, value.day)
                     : String(format: "%02d/%02d/%04d", value.month, value.day, value.year)
        }
        /// A label and its value: label above (then `baseline` is the value's) or left of it.
        func field(_ label: String, _ value: String, x: Double, baseline: Double, font: PrintedTextPainter = regular,
                   size: Double? = nil, ink valueInk: (Float, Float, Float) = ink) throws(IndependentRenderError) {
            let size = size ?? em
            if labelAbove {
                try narrow.draw(label, x: x, baseline: baseline - size * 0.8 - 2, pixelsPerEm: labelEm, on: &raster, ink: labelInk)
                try font.draw(value, x: x, baseline: baseline, pixelsPerEm: size, on: &raster, ink: valueInk)
            } else {
                try narrow.draw(label, x: x, baseline: baseline, pixelsPerEm: labelEm, on: &raster, ink: labelInk)
                let labelWidth = try narrow.width(label + "  ", pixelsPerEm: labelEm)
                try font.draw(value, x: x + labelWidth, baseline: baseline, pixelsPerEm: size, on: &raster, ink: valueInk)
            }
        }
        let rowHeight = labelAbove ? em * 1.75 : em * 1.3

        let numberLabel = isID ? pick(["ID NO", "IDN", "ID#"]) : pick(["DL", "DLN", "LIC#", "DL NO"])
        let stature = card.height.unit == .inches ? "\(card.height.inches / 12)'-\(String(format: "%02d", card.height.inches % 12))\""
                                                 : "\(card.height.centimeters) cm"
        var grid: [(String, String)] = [("DOB", date(card.dateOfBirth)), ("ISS", date(card.issueDate)), ("SEX", card.sex.rawValue),
                                        ("HGT", stature), ("EYES", card.eyeColor.rawValue)]
        if !isID { grid += [("CLASS", card.vehicleClass), ("RESTR", card.restrictions), ("END", card.endorsements)] }
        if random.chance(0.5) { grid.swapAt(1, 2) }
        let columns = random.chance(0.5) ? 3 : 2
        let columnWidth = (right - left) / Double(columns)

        func numberRow(_ baseline: Double) throws(IndependentRenderError) {
            try field(numberLabel, card.idNumber, x: left, baseline: baseline, font: bold, size: em * 1.1, ink: red)
            try field("EXP", date(card.expiryDate), x: left + max(columnWidth, 330), baseline: baseline, font: bold, ink: red)
        }
        func namesAndAddress(_ top: Double) throws(IndependentRenderError) -> Double {
            var baseline = top
            let given = [card.firstName, card.middleName].compactMap { $0 }.joined(separator: " ")
            let leading = em * 1.3
            switch random.uniform(0...1) {
            case ..<0.45:
                try bold.draw(card.lastName, x: left, baseline: baseline, pixelsPerEm: em * 1.05, on: &raster, ink: ink)
                baseline += leading
                try bold.draw(given, x: left, baseline: baseline, pixelsPerEm: em * 1.05, on: &raster, ink: ink)
            case ..<0.75:
                try bold.draw("\(card.lastName), \(given)", x: left, baseline: baseline, pixelsPerEm: em * 1.05, on: &raster, ink: ink)
            default:
                try narrow.draw("LN", x: left, baseline: baseline, pixelsPerEm: labelEm, on: &raster, ink: labelInk)
                try bold.draw(card.lastName, x: left + 40, baseline: baseline, pixelsPerEm: em * 1.05, on: &raster, ink: ink)
                baseline += leading
                try narrow.draw("FN", x: left, baseline: baseline, pixelsPerEm: labelEm, on: &raster, ink: labelInk)
                try bold.draw(given, x: left + 40, baseline: baseline, pixelsPerEm: em * 1.05, on: &raster, ink: ink)
            }
            baseline += leading
            try regular.draw([card.street1, card.street2].compactMap { $0 }.joined(separator: ", "), x: left, baseline: baseline,
                             pixelsPerEm: em * 0.95, on: &raster, ink: ink)
            baseline += leading * 0.95
            try regular.draw("\(card.city), \(card.jurisdiction.code) \(AAMVAPostalCode(card.postalCode)?.display ?? card.postalCode)",
                             x: left, baseline: baseline, pixelsPerEm: em * 0.95, on: &raster, ink: ink)
            return baseline + leading
        }
        func gridRows(_ top: Double) throws(IndependentRenderError) -> Double {
            var baseline = top
            for (index, (label, value)) in grid.enumerated() {
                let column = index % columns
                if column == 0 && index > 0 { baseline += rowHeight }
                let dob = label == "DOB"
                try field(label, value, x: left + Double(column) * columnWidth, baseline: baseline, font: dob ? bold : regular,
                          ink: dob ? red : ink)
            }
            return baseline + rowHeight
        }

        let top = labelAbove ? 165.0 : 150.0
        if random.chance(0.6) {
            try numberRow(top)
            let below = try namesAndAddress(top + rowHeight + (labelAbove ? 0 : em * 0.2))
            _ = try gridRows(below + (labelAbove ? em * 0.5 : 0))
        } else {
            let below = try namesAndAddress(top)
            try numberRow(below + (labelAbove ? em * 0.5 : 0))
            _ = try gridRows(below + rowHeight + (labelAbove ? em * 0.5 : 0))
        }
        return raster
    }
}
