/// Turns encoded bytes into an ``Image``. Implemented by native bindings (libjpeg-turbo, libpng)
/// or, on Apple platforms, by the system's frameworks.
public protocol ImageDecoder: Sendable {
    /// Decodes `data`, applying EXIF orientation where the format carries it.
    func decode(_ data: [UInt8], limits: DecodingLimits) throws(ImageCodecError) -> Image
}
