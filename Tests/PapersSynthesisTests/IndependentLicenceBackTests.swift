import Foundation
import PapersCore
import PapersImaging
import PapersSynthesis
import Testing

/// The independent licence-back renderer: reproducible, the truth it records, and the modules it
/// takes from a writer's bitmap.
@Suite("Independent licence backs")
struct IndependentLicenceBackTests {
    /// A bitmap of PDF417's shape (69 + 17·2 modules across, 6 rows drawn 3 pixels high) inside a
    /// 2-pixel quiet zone: a start bar of 8 modules, then a pattern fixed by the row. Not a valid
    /// symbol, which the renderer does not need.
    static func bitmap(rows: Int = 6) -> (image: Image, dark: [Bool]) {
        let across = 69 + 34, margin = 2, height = 3
        var dark: [Bool] = []
        for row in 0..<rows {
            dark += (0..<across).map { column in column < 8 || column == across - 1 || (column * 7 + row * 13) % 5 < 2 }
        }
        let width = across + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * (rows * height + 2 * margin))
        for row in 0..<rows {
            for y in 0..<height {
                for column in 0..<across where dark[row * across + column] {
                    pixels[(margin + row * height + y) * width + margin + column] = 0
                }
            }
        }
        return (Image(width: width, height: rows * height + 2 * margin, format: .gray, pixels: pixels)!, dark)
    }

    static let set: IndependentLicenceBackSet = {
        var configuration = IndependentLicenceBackSet.Configuration()
        configuration.width = 480
        configuration.height = 270
        return IndependentLicenceBackSet(configuration: configuration)
    }()

    @Test("the modules come back from a writer's bitmap, one row per codeword row")
    func modulesFromBitmap() throws {
        let (image, dark) = Self.bitmap()
        let modules = try #require(PDF417Modules(bitmap: image))
        #expect(modules.rows == 6 && modules.modulesPerRow == 103 && modules.dataColumns == 2)
        #expect(modules.dark == dark)
        let blank = Image(width: 120, height: 20, format: .gray, pixels: [UInt8](repeating: 255, count: 2400))!
        #expect(PDF417Modules(bitmap: blank) == nil)
        let error = #expect(throws: IndependentRenderError.self) { try Self.set.photo(seed: 1, index: 0, symbol: blank) }
        #expect(error?.code == .symbolUnreadable)
    }

    @Test("the same seed gives the same photo, with the card's corners and the payload in its truth")
    func deterministic() throws {
        let symbol = Self.bitmap().image
        let a = try Self.set.photo(seed: 3, index: 1, symbol: symbol), b = try Self.set.photo(seed: 3, index: 1, symbol: symbol)
        let c = try Self.set.photo(seed: 3, index: 2, symbol: symbol)
        #expect(a.photo.image.pixels == b.photo.image.pixels)
        #expect(a.photo.truth == b.photo.truth)
        #expect(a.style == b.style && a.symbolCorners == b.symbolCorners)
        #expect(a.photo.image.pixels != c.photo.image.pixels)
        #expect(a.licence == LicencePhotoSet.licence(seed: 3, index: 1))
        #expect(IndependentLicenceBackSet.errorCorrectionLevel(seed: 3, index: 1) == a.style.errorCorrectionLevel)
        let truth = a.photo.truth
        #expect(truth.kind == .idCard && truth.documentInFrame && !truth.heavyBlur && !truth.glare)
        #expect(truth.barcodePayload == Data(a.licence.payload) && truth.barcodeObscuredByGlare == false)
        #expect(truth.mrzLines == nil && truth.mrzObscuredByGlare == nil)
        #expect(a.dataColumns == 2 && (2...5).contains(a.rowAspect.rounded(.down)))
        // The symbol lies on the card: each of its corners inside the card's outline in the photo.
        let card = try #require(Quadrilateral(corners: truth.corners))
        #expect(a.symbolCorners.count == 4 && a.symbolCorners.allSatisfy { card.contains($0) })
    }
}
