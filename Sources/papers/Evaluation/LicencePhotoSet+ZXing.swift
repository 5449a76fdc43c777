import PapersBarcodesZXing
import PapersImaging
import PapersSynthesis

extension LicencePhotoSet {
    /// Photo `index` of the set with `seed`, its PDF417 drawn by zxing-cpp's writer, and the licence on it.
    func photo(seed: UInt64, index: Int, writer: ZXingBarcodeWriter = ZXingBarcodeWriter()) throws -> (photo: SyntheticPhoto, licence: SyntheticLicence) {
        let licence = Self.licence(seed: seed, index: index)
        let barcode: Image
        do {
            barcode = try writer.image(encoding: licence.payload, as: .pdf417)
        } catch {
            throw CLIOutput.fail(error.description, code: 70)
        }
        return (photo(seed: seed, index: index, licence: licence, barcode: barcode), licence)
    }
}
