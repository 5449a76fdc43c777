extension Image {
    /// The image as 8-bit luminance (ITU-R BT.601 weights, alpha ignored). Gray images are returned as they are.
    public func grayscale() -> Image {
        if format == .gray { return packed }
        let c = channels
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    var s = y * bytesPerRow
                    var d = y * width
                    for _ in 0..<width {
                        let luma = 77 * UInt32(src[s]) + 150 * UInt32(src[s + 1]) + 29 * UInt32(src[s + 2]) + 128
                        dst[d] = UInt8(truncatingIfNeeded: luma >> 8)
                        s += c
                        d += 1
                    }
                }
            }
        }
        return Image(width: width, height: height, format: .gray, pixels: out)!
    }

    /// The image as RGB (gray is replicated, alpha dropped).
    public func rgb() -> Image {
        if format == .rgb { return packed }
        let c = channels
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * bytesPerRow + x * c
                let d = (y * width + x) * 3
                if format == .gray {
                    out[d] = pixels[s]; out[d + 1] = pixels[s]; out[d + 2] = pixels[s]
                } else {
                    out[d] = pixels[s]; out[d + 1] = pixels[s + 1]; out[d + 2] = pixels[s + 2]
                }
            }
        }
        return Image(width: width, height: height, format: .rgb, pixels: out)!
    }
}
