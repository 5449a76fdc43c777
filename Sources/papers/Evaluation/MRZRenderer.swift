import ArgumentParser
import PapersSynthesis

/// Which renderer draws the MRZ photos of `papers synth` and `papers eval mrz`.
enum MRZRenderer: String, ExpressibleByArgument, CaseIterable {
    /// The project's own generator: the OCR-B glyph atlas the recogniser was built from.
    case atlas
    /// The project's own generator printing heavy, large or off-pitch MRZs whose characters touch.
    case atlasTouching = "atlas-touching"
    /// The project's own generator printing every size, pitch and finish the issue lists:
    /// laser-engraved, inkjet, over a guilloche. The development set.
    case atlasVaried = "atlas-varied"
    /// The independent renderer: FreeType and the system OCR-B font, held out from tuning.
    case freetype

    /// Photo `index` of the identity set with `seed` drawn by this renderer, or the one-line error
    /// (a missing font names the package to install).
    func identityPhoto(seed: UInt64, index: Int, width: Int, height: Int,
                       portrait: SyntheticPortrait? = nil) throws -> (photo: SyntheticPhoto, style: IndependentMRZStyle?) {
        switch self {
        case .atlas:
            return (IdentityPhotoSet(width: width, height: height).photo(seed: seed, index: index, portrait: portrait).photo, nil)
        case .atlasTouching:
            return (IdentityPhotoSet(width: width, height: height, mrzPrinting: .touching).photo(seed: seed, index: index, portrait: portrait).photo, nil)
        case .atlasVaried:
            return (IdentityPhotoSet(width: width, height: height, mrzPrinting: .varied).photo(seed: seed, index: index, portrait: portrait).photo, nil)
        case .freetype:
            var configuration = IndependentMRZPhotoSet.Configuration()
            configuration.width = width
            configuration.height = height
            do {
                let drawn = try IndependentMRZPhotoSet(configuration: configuration).photo(seed: seed, index: index)
                return (drawn.photo, drawn.style)
            } catch {
                throw CLIOutput.fail(error.description, code: error.code == .fontNotFound ? 69 : 70)
            }
        }
    }
}
