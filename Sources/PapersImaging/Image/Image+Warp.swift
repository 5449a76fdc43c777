extension Image {
    /// The part of the image inside `quad`, straightened into a `width`×`height` image
    /// (perspective warp with bilinear sampling, 8-bit weights). Samples outside the image read
    /// as black.
    public func warped(from quad: Quadrilateral, width outWidth: Int, height outHeight: Int) -> Image? {
        guard let walk = WarpWalk(onto: quad.corners, width: outWidth, height: outHeight) else { return nil }
        let c = channels, stride = bytesPerRow
        let limitX = (width - 1) << 16, limitY = (height - 1) << 16
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                walk.forEachSpan { row, columns, x, y, stepX, stepY in
                    var fx = x, fy = y
                    var o = dst + (row * outWidth + columns.lowerBound) * c
                    for _ in columns {
                        defer { fx &+= stepX; fy &+= stepY; o += c }
                        guard fx >= 0, fy >= 0, fx <= limitX, fy <= limitY else { continue }
                        let wx = (fx >> 8) & 255, wy = (fy >> 8) & 255
                        let dx = fx < limitX ? c : 0, dy = fy < limitY ? stride : 0
                        let p = src + (fy >> 16) * stride + (fx >> 16) * c
                        @inline(__always) func sample(_ k: Int) {
                            let top = Int(p[k]) &* (256 &- wx) &+ Int(p[k + dx]) &* wx
                            let bottom = Int(p[k + dy]) &* (256 &- wx) &+ Int(p[k + dy + dx]) &* wx
                            o[k] = UInt8(truncatingIfNeeded: (top &* (256 &- wy) &+ bottom &* wy &+ 32768) >> 16)
                        }
                        // The common channel counts unrolled.
                        switch c {
                        case 1: sample(0)
                        case 3: sample(0); sample(1); sample(2)
                        default: for k in 0..<c { sample(k) }
                        }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: format, pixels: out)
    }
}
