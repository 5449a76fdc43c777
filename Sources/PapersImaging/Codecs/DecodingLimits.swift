/// Limits applied before a decoder allocates pixels, so a small file cannot claim gigabytes.
public struct DecodingLimits: Sendable, Hashable {
    /// The largest width or height accepted. Default 20,000.
    public var maximumDimension: Int = 20_000
    /// The largest number of pixels accepted. Default 100 megapixels.
    public var maximumPixels: Int = 100_000_000

    /// The defaults.
    public init() {}

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
