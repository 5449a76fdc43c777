import Foundation
import PapersCore
import PapersImaging

/// Photos of synthetic driving licence fronts with their ground truth: the licence of
/// ``LicencePhotoSet/licence(seed:index:)`` (so front `N` and back `N` of one seed are one card)
/// printed with AAMVA's field numbers and labels in DejaVu fonts with FreeType, then photographed
/// on a desk by ``PaperPhotographer``. US cards print dates as MM/DD/YYYY, Canadian ones as
/// YYYY/MM/DD.
///
/// The held-out variant (``ReceiptPhotoSet/Variant/heldOut``), never tuned on, prints another
/// layout: condensed fonts, labels without field numbers (`DL NO.`, `LN`, `FN`, `DOB`, `EXP`,
/// `ISS`, `SEX`), dates with hyphens, and the expiry beside the number in a second column.
///
/// The development variant (``ReceiptPhotoSet/Variant/development``) is the one the extractor is
/// developed on: Liberation fonts on coloured security backgrounds, labels printed above or left
/// of their values, unnumbered names, and a grid of small fields (see
/// ``developmentCard(_:random:)``).
public struct LicenceFrontPhotoSet: Sendable {
    /// One photo and what it shows.
    public struct Photo: Sendable {
        /// The photo (RGB).
        public let image: Image
        /// The licence printed.
        public let licence: SyntheticLicence
        /// The card's corners in the photo, clockwise from the top-left.
        public let corners: [Point]
        /// The JPEG quality to save it at.
        public let jpegQuality: Int
    }

    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// The layout.
    public var variant: ReceiptPhotoSet.Variant

    /// Creates a set.
    public init(width: Int = 1280, height: Int = 960, variant: ReceiptPhotoSet.Variant = .tuning) {
        self.width = width
        self.height = height
        self.variant = variant
    }

    /// Photo `index` of the set with seed `seed`.
    ///
    /// - Throws: ``IndependentRenderError`` when a DejaVu font is missing (Debian `fonts-dejavu-core`).
    public func photo(seed: UInt64, index: Int) throws(IndependentRenderError) -> Photo {
        let licence = LicencePhotoSet.licence(seed: seed, index: index)
        var random = SeededRandom(seed: seed &* 0x2545_F491 &+ UInt64(index) &* 104_729 &+ 0xF0)
        let card: IndependentRaster
        switch variant {
        case .tuning: card = try Self.card(licence.card, random: &random)
        case .heldOut: card = try Self.heldOutCard(licence.card, random: &random)
        case .development:
            var layoutRandom = SeededRandom(seed: seed &* 0x9E37_79B9 &+ UInt64(index) &* 7_919 &+ 0xDE7)
            card = try Self.developmentCard(licence.card, random: &layoutRandom)
        }
        var effects = PaperPhotographer.Effects()
        effects.crumple = 0
        effects.maximumRotation = 6
        effects.shadowChance = 0.25
        let shot = PaperPhotographer.photograph(card, width: width, height: height, fill: 0.6...0.8, effects: effects, random: &random)
        return Photo(image: shot.image, licence: licence, corners: shot.corners, jpegQuality: shot.jpegQuality)
    }

    /// The card's background: a pale tint with wavy guilloche-like shading, a title band and a
    /// portrait box; returns the raster.
    static func blank(_ card: AAMVACard, random: inout SeededRandom, title: PrintedTextPainter, subtitle: PrintedTextPainter,
                      documentName: String) throws(IndependentRenderError) -> IndependentRaster {
        let width = 1027, height = 648
        var raster = IndependentRaster(width: width, height: height, channels: 3)
        let tint = (Float(random.uniform(200...235)), Float(random.uniform(215...240)), Float(random.uniform(225...250)))
        let period = random.uniform(15...30)
        for y in 0..<height {
            for x in 0..<width {
                let wave = Float(6 * sin(Double(x) / period + 4 * sin(Double(y) / 61)))
                let i = (y * width + x) * 3
                raster.data[i] = tint.0 + wave; raster.data[i + 1] = tint.1 + wave; raster.data[i + 2] = tint.2 + wave
            }
        }
        let band = (Float(random.uniform(20...80)), Float(random.uniform(40...90)), Float(random.uniform(90...150)))
        for y in 0..<110 { for x in 0..<width { let i = (y * width + x) * 3; raster.data[i] = band.0; raster.data[i + 1] = band.1; raster.data[i + 2] = band.2 } }
        for y in 150..<540 { for x in 40..<320 { let i = (y * width + x) * 3; let g = Float(150 - (y - 150) / 8); raster.data[i] = g; raster.data[i + 1] = g; raster.data[i + 2] = g + 6 } }
        let white: (Float, Float, Float) = (250, 250, 250)
        try title.draw(card.jurisdiction.name.uppercased(), x: 40, baseline: 62, pixelsPerEm: 46, on: &raster, ink: white)
        try subtitle.draw(documentName, x: 40, baseline: 98, pixelsPerEm: 26, on: &raster, ink: white)
        return raster
    }

    /// The held-out layout: labels instead of field numbers, condensed fonts, two columns.
    static func heldOutCard(_ card: AAMVACard, random: inout SeededRandom) throws(IndependentRenderError) -> IndependentRaster {
        let font = random.chance(0.5) ? PrintFonts.serifCondensed : PrintFonts.sansCondensed
        let regular = try PrintedTextPainter(fontPath: font)
        let isID = card.documentType == .identificationCard
        var raster = try blank(card, random: &random, title: regular, subtitle: regular,
                               documentName: isID ? "IDENTIFICATION CARD" : "DRIVER'S LICENSE")
        let ink: (Float, Float, Float) = (25, 25, 35), label: (Float, Float, Float) = (60, 60, 110)
        func date(_ value: CalendarDate) -> String { String(format: "%02d-%02d-%04d", value.month, value.day, value.year) }
        let em = random.uniform(28...32), leading = em * 1.45
        func field(_ name: String, _ value: String, x: Double, baseline: Double) throws(IndependentRenderError) {
            try regular.draw(name, x: x, baseline: baseline, pixelsPerEm: em * 0.7, on: &raster, ink: label)
            try regular.draw(value, x: x + (try regular.width(name + "  ", pixelsPerEm: em * 0.7)), baseline: baseline, pixelsPerEm: em,
                             on: &raster, ink: ink)
        }
        var baseline = 165.0
        try field(isID ? "ID NO." : "DL NO.", card.idNumber, x: 350, baseline: baseline)
        try field("EXP", date(card.expiryDate), x: 760, baseline: baseline)
        baseline += leading * 1.2
        try field("LN", card.lastName, x: 350, baseline: baseline)
        baseline += leading
        try field("FN", [card.firstName, card.middleName].compactMap { $0 }.joined(separator: " "), x: 350, baseline: baseline)
        baseline += leading
        try regular.draw([card.street1, card.street2].compactMap { $0 }.joined(separator: ", "), x: 350, baseline: baseline, pixelsPerEm: em,
                         on: &raster, ink: ink)
        baseline += leading
        try regular.draw("\(card.city), \(card.jurisdiction.code) \(AAMVAPostalCode(card.postalCode)?.display ?? card.postalCode)",
                         x: 350, baseline: baseline, pixelsPerEm: em, on: &raster, ink: ink)
        baseline += leading * 1.2
        try field("DOB", date(card.dateOfBirth), x: 350, baseline: baseline)
        try field("SEX", card.sex.rawValue, x: 760, baseline: baseline)
        baseline += leading
        try field("ISS", date(card.issueDate), x: 350, baseline: baseline)
        try field("CLASS", card.vehicleClass, x: 760, baseline: baseline)
        return raster
    }

    /// The card at 12 pixels per millimetre (ID-1, 85.6 × 54 mm): a title band, a portrait box
    /// on the left (zone III) and the numbered fields on the right (zone II).
    static func card(_ card: AAMVACard, random: inout SeededRandom) throws(IndependentRenderError) -> IndependentRaster {
        let regular = try PrintedTextPainter(fontPath: PrintFonts.sans), bold = try PrintedTextPainter(fontPath: PrintFonts.sansBold)
        var raster = try blank(card, random: &random, title: bold, subtitle: regular,
                               documentName: card.documentType == .identificationCard ? "IDENTIFICATION CARD" : "DRIVER LICENSE")
        let ink: (Float, Float, Float) = (20, 20, 30), red: (Float, Float, Float) = (150, 20, 20)
        let canadian = card.jurisdiction.country == "CAN"
        func date(_ value: CalendarDate) -> String {
            canadian ? String(format: "%04d/%02d/%02d", value.year, value.month, value.day)
                     : String(format: "%02d/%02d/%04d", value.month, value.day, value.year)
        }
        let em = random.uniform(27...31), leading = em * 1.42
        var baseline = 160.0
        let left = 350.0
        func row(_ label: String, _ value: String, ink valueInk: (Float, Float, Float) = ink, big: Bool = false) throws(IndependentRenderError) {
            try regular.draw(label, x: left, baseline: baseline, pixelsPerEm: em * 0.72, on: &raster, ink: red)
            let labelWidth = try regular.width(label + " ", pixelsPerEm: em * 0.72)
            try (big ? bold : regular).draw(value, x: left + labelWidth, baseline: baseline, pixelsPerEm: big ? em * 1.1 : em, on: &raster, ink: valueInk)
            baseline += big ? leading * 1.15 : leading
        }
        try row("4d DLN", card.idNumber, ink: red, big: true)
        try row("1", card.lastName)
        try row("2", [card.firstName, card.middleName].compactMap { $0 }.joined(separator: " "))
        try row("8", [card.street1, card.street2].compactMap { $0 }.joined(separator: ", "))
        try row("", "\(card.city), \(card.jurisdiction.code) \(AAMVAPostalCode(card.postalCode)?.display ?? card.postalCode)")
        try row("3 DOB", date(card.dateOfBirth), ink: red)
        try row("4a ISS", date(card.issueDate))
        try row("4b EXP", date(card.expiryDate))
        try row("15 SEX", "\(card.sex.rawValue)   9 CLASS \(card.vehicleClass)")
        return raster
    }
}
