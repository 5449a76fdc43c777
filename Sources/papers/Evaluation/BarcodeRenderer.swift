import ArgumentParser
import PapersBarcodesZXing
import PapersSynthesis

/// Which renderer draws the licence backs of `papers eval barcode`.
enum BarcodeRenderer: String, ExpressibleByArgument, CaseIterable {
    /// The project's own generator, which the PDF417 search was tuned on.
    case atlas
    /// The independent renderer: the PDF417 drawn module by module in its own geometry, quiet
    /// zone and print texture, photographed by the independent photographer. Never tuned on.
    case freetype

    /// Photo `index` of the licence-back set with `seed` drawn by this renderer, the licence on
    /// it and, from the independent renderer, how its symbol was printed (for `--verbose`); the
    /// one-line error when the symbol cannot be encoded or a font is missing.
    func photo(seed: UInt64, index: Int, width: Int, height: Int, writer: ZXingBarcodeWriter = ZXingBarcodeWriter())
        throws -> (photo: SyntheticPhoto, licence: SyntheticLicence, print: String?) {
        switch self {
        case .atlas:
            let (photo, licence) = try LicencePhotoSet(width: width, height: height).photo(seed: seed, index: index, writer: writer)
            return (photo, licence, nil)
        case .freetype:
            var configuration = IndependentLicenceBackSet.Configuration()
            configuration.width = width
            configuration.height = height
            let drawn = try IndependentLicenceBackSet(configuration: configuration).photo(seed: seed, index: index, writer: writer)
            let style = drawn.style
            func f(_ value: Double) -> String { String(format: "%.2f", value) }
            let print = "module \(f(drawn.moduleWidth)) mm, rows \(f(drawn.rowAspect)) modules, \(drawn.dataColumns) columns, "
                + "level \(style.errorCorrectionLevel), quiet zone \(style.quietZone.rawValue) \(f(style.quietLeft))/\(f(style.quietRight)), "
                + "spread \(f(style.inkSpread)), dots \(f(style.dotTexture)), banding \(f(style.bandingAmplitude)), "
                + "weak \(style.weakElements), \(style.layout.rawValue)"
            return (drawn.photo, drawn.licence, print)
        }
    }
}
