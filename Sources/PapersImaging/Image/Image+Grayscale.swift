extension Image {
    /// The image as 8-bit luminance (ITU-R BT.601 weights, alpha ignored). Gray images are returned as they are.
    public func grayscale() -> Image {
        if format == .gray { return packed }
        let c = channels
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                for y in 0..<height {
                    if c == 3 {
                        Self.grayRow3(src + y * bytesPerRow, into: dst + y * width, count: width)
                    } else {
                        Self.grayRow4(src + y * bytesPerRow, into: dst + y * width, count: width)
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

extension Image {
    /// Gray of `count` packed pixels of `channels` bytes (RGB or RGBA). Each caller below is a
    /// loop of its own with the channel count a literal, so that the compiler vectorises it (it
    /// does not inside larger loops).
    @inline(__always)
    static func grayRow(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int, channels: Int) {
        for i in 0..<count {
            let p = src + i &* channels
            let sum = 77 &* UInt32(p[0]) &+ 150 &* UInt32(p[1]) &+ 29 &* UInt32(p[2]) &+ 128
            dst[i] = UInt8(truncatingIfNeeded: sum >> 8)
        }
    }

    /// Gray of `count` packed RGB pixels.
    @inline(never)
    static func grayRow3(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        grayRow(src, into: dst, count: count, channels: 3)
    }

    /// Gray of `count` packed RGBA pixels.
    @inline(never)
    static func grayRow4(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        grayRow(src, into: dst, count: count, channels: 4)
    }
}
