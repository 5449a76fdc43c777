/// Synthetic photos of North American driving-licence backs (ID-1 cards) carrying a real PDF417
import PapersImaging
/// of an AAMVA payload, with made-up holders. The barcode readers' evaluation set.
///
/// PapersImaging draws no barcodes itself: the caller encodes ``SyntheticLicence/payload`` as a
/// PDF417 bitmap (zxing-cpp's writer in the `papers` CLI) and hands it to
/// ``photo(seed:index:licence:barcode:)``. Framing and degradations are those of
/// ``IdentityPhotoSet`` (perspective, rotation, blur, glare, shadow, noise, exposure); the truth
/// records the payload and whether glare washes out part of the barcode.
public struct LicencePhotoSet: Sendable {
    /// The photographer.
    public let synthesizer: PhotoSynthesizer

    /// A set of `width` × `height` photos.
    public init(width: Int = 1920, height: Int = 1080) {
        synthesizer = IdentityPhotoSet(width: width, height: height).synthesizer
    }

    /// The licence on photo `index` of the set with `seed`.
    public static func licence(seed: UInt64, index: Int) -> SyntheticLicence {
        var random = SeededRandom(seed: seed &* 37 &+ UInt64(index) &* 130_363 &+ 0x11C)
        return SyntheticLicence(random: &random)
    }

    /// Photo `index` of the set with `seed`: the back of `licence` with `barcode` (a bitmap of its
    /// payload, dark modules on white) printed on it.
    public func photo(seed: UInt64, index: Int, licence: SyntheticLicence, barcode: Image) -> SyntheticPhoto {
        synthesizer.photo(seed: seed, index: index, kind: .idCard,
                          print: SyntheticPrint(barcode: barcode, barcodePayload: licence.payload))
    }
}
