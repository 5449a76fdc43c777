/// Turns an ``Image`` into encoded bytes.
public protocol ImageEncoder: Sendable {
    /// Encodes `image`.
    func encode(_ image: Image) throws(ImageCodecError) -> [UInt8]
}
