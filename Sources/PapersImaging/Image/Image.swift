/// An 8-bit raster image: gray, RGB or RGBA, rows of `bytesPerRow` bytes.
///
/// A value type: copies share storage until one of them is written (copy on write of the
/// pixel array). Coordinates are pixels, origin top-left, x to the right, y down.
public struct Image: Sendable, Hashable {
    /// The layout of one pixel.
    public enum PixelFormat: Int, Sendable, Hashable, CaseIterable {
        /// One byte of luminance.
        case gray = 1
        /// Red, green, blue.
        case rgb = 3
        /// Red, green, blue, alpha (not premultiplied).
        case rgba = 4

        /// Bytes per pixel.
        public var channels: Int { rawValue }
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel layout.
    public let format: PixelFormat
    /// Bytes from one row to the next (at least `width * format.channels`).
    public let bytesPerRow: Int
    /// The pixel bytes, `height * bytesPerRow` of them.
    public var pixels: [UInt8]

    /// Wraps pixel bytes. Returns `nil` when the sizes do not agree.
    public init?(width: Int, height: Int, format: PixelFormat, bytesPerRow: Int? = nil, pixels: [UInt8]) {
        let stride = bytesPerRow ?? width * format.channels
        guard width > 0, height > 0, stride >= width * format.channels, pixels.count >= stride * height else { return nil }
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = stride
        self.pixels = pixels
    }

    /// A new image filled with one value in every channel.
    public init(width: Int, height: Int, format: PixelFormat, fill: UInt8 = 0) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        self.format = format
        self.bytesPerRow = width * format.channels
        self.pixels = [UInt8](repeating: fill, count: width * height * format.channels)
    }

    /// Bytes per pixel.
    @inlinable public var channels: Int { format.channels }

    /// The number of pixels.
    public var pixelCount: Int { width * height }

    /// The byte offset of a pixel's first channel.
    @inlinable public func offset(x: Int, y: Int) -> Int { y * bytesPerRow + x * format.channels }

    /// A copy whose rows are packed (`bytesPerRow == width * channels`).
    public var packed: Image {
        let rowBytes = width * channels
        if bytesPerRow == rowBytes { return self }
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            out.replaceSubrange(y * rowBytes..<(y + 1) * rowBytes, with: pixels[y * bytesPerRow..<(y * bytesPerRow + rowBytes)])
        }
        return Image(width: width, height: height, format: format, pixels: out)!
    }
}
