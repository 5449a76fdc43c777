import Foundation
import PapersBarcodesZXing
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersSynthesis
import Testing

/// A licence back from the independent renderer, read by the whole scan as `papers scan` reads it.
@Suite("Independent licence backs read")
struct IndependentLicenceBackReadTests {
    /// Photo 38 of development seed 1 at 1280×720: a PDF417 printed across the card's whole
    /// width, its start bar a tenth of a module from the card edge, on a dark desk, thinned ink
    /// and thermal-head dots.
    @Test("a PDF417 cut by the card edge reads to the exact payload")
    func cutQuietZoneReads() throws {
        var configuration = IndependentLicenceBackSet.Configuration()
        configuration.width = 1280
        configuration.height = 720
        let index = 38
        let licence = LicencePhotoSet.licence(seed: 1, index: index)
        var writer = ZXingBarcodeWriter()
        writer.margin = 0
        writer.errorCorrectionLevel = IndependentLicenceBackSet.errorCorrectionLevel(seed: 1, index: index)
        let symbol = try writer.image(encoding: licence.payload, as: .pdf417)
        let drawn = try IndependentLicenceBackSet(configuration: configuration).photo(seed: 1, index: index, symbol: symbol)
        try #require(drawn.style.quietZone == .cutBoth, "photo \(index) of seed 1 is no longer a cut one: pick another")
        let photo = drawn.photo
        let image = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
        let scanner = DocumentScanner(mrzReader: try MRZReader.bundled(), barcodeReader: ZXingBarcodeReader())
        let side = scanner.scanSide(image)
        // Compared, not printed: the payload is a (made-up) person's data.
        #expect(side.barcodes.filter { $0.symbology == .pdf417 }.map(\.bytes) == [licence.payload])
    }
}
