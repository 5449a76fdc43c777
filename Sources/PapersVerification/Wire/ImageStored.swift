/// The body of `201` of an image upload.
public struct ImageStored: Sendable, Hashable, Codable {
    /// The verification the image belongs to.
    public let scanReference: String
    /// Which image it is.
    public let side: ImageSide
    /// `image/jpeg` or `image/png`.
    public let contentType: String
    /// The size of the upload.
    public let byteCount: Int

    /// Creates a body.
    public init(scanReference: String, side: ImageSide, contentType: String, byteCount: Int) {
        self.scanReference = scanReference
        self.side = side
        self.contentType = contentType
        self.byteCount = byteCount
    }
}
