import PapersBarcodesZXing
import PapersImaging
import PapersSynthesis

extension IndependentLicenceBackSet {
    /// Photo `index` of the set with `seed`, its PDF417's modules from zxing-cpp's writer at the
    /// photo's error-correction level (the renderer draws them itself).
    func photo(seed: UInt64, index: Int, writer: ZXingBarcodeWriter = ZXingBarcodeWriter()) throws -> IndependentLicenceBackPhoto {
        let licence = LicencePhotoSet.licence(seed: seed, index: index)
        var writer = writer
        writer.margin = 0
        writer.errorCorrectionLevel = Self.errorCorrectionLevel(seed: seed, index: index)
        let symbol: Image
        do {
            symbol = try writer.image(encoding: licence.payload, as: .pdf417)
        } catch {
            throw CLIOutput.fail(error.description, code: 70)
        }
        do {
            return try self.photo(seed: seed, index: index, symbol: symbol)
        } catch {
            throw CLIOutput.fail(error.description, code: error.code == .fontNotFound ? 69 : 70)
        }
    }
}
