import PapersCore
import PapersImaging

/// Synthetic photos of identity documents that carry a real MRZ: passports (TD3), ID cards (TD1,
/// TD2) and visas (MRV-A, MRV-B), with made-up holders. The recognisers' evaluation set.
///
/// Photos are framed as a capture screen would ask (the document fills a fifth to 45% of
/// the frame) and degraded like the capture set: perspective, rotation, blur, glare, shadow,
/// noise, exposure.
public struct IdentityPhotoSet: Sendable {
    /// The photographer.
    public let synthesizer: PhotoSynthesizer
    /// How the MRZs of a set are printed.
    public enum MRZPrinting: String, Sendable, Hashable, CaseIterable {
        /// OCR-B as designed, at ICAO's pitch.
        case standard
        /// Heavy, large or off-pitch print whose characters mostly touch (see ``MRZPrintStyle/touching(random:)``).
        case touching
        /// Every size, pitch and finish identity documents show: engraved, inkjet, over a
        /// guilloche (see ``MRZPrintStyle/varied(random:)``).
        case varied
    }

    /// How the MRZs are printed; the photos are otherwise those of the plain set.
    public var mrzPrinting: MRZPrinting

    /// A set of `width` × `height` photos whose MRZs are printed as `mrzPrinting` says.
    public init(width: Int = 1920, height: Int = 1080, mrzPrinting: MRZPrinting = .standard) {
        self.mrzPrinting = mrzPrinting
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = width
        configuration.height = height
        configuration.fillRange = 0.2...0.45
        configuration.documentLongSide = 1400
        configuration.outOfFrameRate = 0.04
        configuration.heavyBlurRate = 0.12
        configuration.mildBlurRate = 0.15
        synthesizer = PhotoSynthesizer(configuration: configuration)
    }

    /// The MRZ format of photo `index` (40% passports, 25% TD1, 15% TD2, 10% each visa).
    public static func format(seed: UInt64, index: Int) -> MRZFormat {
        var random = SeededRandom(seed: seed ^ 0x5EED_1D00 &+ UInt64(index) &* 7919)
        let roll = random.uniform(0...1)
        switch roll {
        case ..<0.40: return .mrp
        case ..<0.65: return .td1
        case ..<0.80: return .td2
        case ..<0.90: return .mrvA
        default: return .mrvB
        }
    }

    /// The document kind that carries a format.
    public static func kind(for format: MRZFormat) -> SyntheticDocumentKind {
        switch format {
        case .mrp, .mrvA: return .passportPage
        case .td1: return .idCard
        case .td2, .mrvB, .cnis: return .td2Card
        }
    }

    /// Photo `index` of the set with `seed`, and the identity printed on it; `portrait` is printed
    /// in the portrait box (the rest of the photo is the same with or without it).
    public func photo(seed: UInt64, index: Int, portrait: SyntheticPortrait? = nil) -> (photo: SyntheticPhoto, identity: SyntheticIdentity) {
        let format = Self.format(seed: seed, index: index)
        var random = SeededRandom(seed: seed &* 31 &+ UInt64(index) &* 104_729 &+ 17)
        let identity = SyntheticIdentity(format: format, random: &random)
        var print = SyntheticPrint(mrzLines: identity.mrzLines, portrait: portrait)
        var styleRandom = SeededRandom(seed: seed &* 131 &+ UInt64(index) &* 6_700_417 &+ 29)
        switch mrzPrinting {
        case .standard: break
        case .touching: print.mrzStyle = .touching(random: &styleRandom)
        case .varied: print.mrzStyle = .varied(random: &styleRandom)
        }
        let photo = synthesizer.photo(seed: seed, index: index, kind: Self.kind(for: format), print: print)
        return (photo, identity)
    }
}
