/// Limits applied before a decoder allocates pixels, so a small file cannot claim gigabytes.
public struct DecodingLimits: Sendable, Hashable {
    /// The largest width or height accepted. Default 20,000.
    public var maximumDimension: Int = 20_000
    /// The largest number of pixels accepted. Default 100 megapixels.
    public var maximumPixels: Int = 100_000_000
    /// When set, a decoder that can scale while decoding (JPEG's DCT scaling by 1/2, 1/4 or 1/8)
    /// makes an image larger than this many pixels as small as it can while keeping at least
    /// this many: a 48-megapixel photo decodes at 12 megapixels in a quarter of the time and
    /// memory. `nil` (the default) decodes at full size.
    public var targetPixels: Int?

    /// The defaults.
    public init() {}

    /// The largest of 1, 2, 4 and 8 that divides a `width`×`height` image down to no fewer than
    /// ``targetPixels`` (1 when no target is set or the image is already small).
    public func scaleDenominator(width: Int, height: Int) -> Int {
        guard let targetPixels, targetPixels > 0 else { return 1 }
        var denominator = 1
        for next in [2, 4, 8] where (width / next) * (height / next) >= targetPixels { denominator = next }
        return denominator
    }

    /// Throws when a claimed size breaks the limits.
    public func check(width: Int, height: Int, container: String) throws(ImageCodecError) {
        guard width > 0, height > 0 else {
            throw ImageCodecError(code: .zeroSize, container: container, claimedWidth: width, claimedHeight: height)
        }
        guard width <= maximumDimension, height <= maximumDimension, width * height <= maximumPixels else {
            throw ImageCodecError(code: .tooLarge, container: container, claimedWidth: width, claimedHeight: height)
        }
    }
}
