extension Image {
    /// The inside of `quad` straightened into a `width`×`height` gray image, converting colour
    /// while sampling (bilinear, 8-bit weights), so that no full-size gray copy of the frame is
    /// needed. Samples outside the image repeat its nearest edge pixel, so no dark border appears
    /// that could look like print. `scale` divides `quad` first (a quad found on a frame `scale`
    /// times larger than this image).
    public func warpedGray(from quad: Quadrilateral, scale: Double = 1, width outWidth: Int, height outHeight: Int) -> Image? {
        let corners = quad.corners.map { Point(x: ($0.x + 0.5) / scale - 0.5, y: ($0.y + 0.5) / scale - 0.5) }
        guard let walk = WarpWalk(onto: corners, width: outWidth, height: outHeight) else { return nil }
        let c = channels, stride = bytesPerRow
        let limitX = (width - 1) << 16, limitY = (height - 1) << 16
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                walk.forEachSpan { row, columns, x, y, stepX, stepY in
                    var fx = x, fy = y
                    let line = dst + row * outWidth
                    for ox in columns {
                        let cx = fx < 0 ? 0 : (fx > limitX ? limitX : fx), cy = fy < 0 ? 0 : (fy > limitY ? limitY : fy)
                        fx &+= stepX; fy &+= stepY
                        let wx = (cx >> 8) & 255, wy = (cy >> 8) & 255
                        let dx = cx < limitX ? c : 0, dy = cy < limitY ? stride : 0
                        let p = src + (cy >> 16) * stride + (cx >> 16) * c
                        let (a, b, cc, d): (Int, Int, Int, Int)
                        if c == 1 {
                            (a, b, cc, d) = (Int(p[0]), Int(p[dx]), Int(p[dy]), Int(p[dy + dx]))
                        } else {
                            // Gray of each tap (×256), then interpolate: the same as interpolating first.
                            @inline(__always) func gray(_ q: UnsafePointer<UInt8>) -> Int {
                                77 &* Int(q[0]) &+ 150 &* Int(q[1]) &+ 29 &* Int(q[2])
                            }
                            (a, b, cc, d) = (gray(p), gray(p + dx), gray(p + dy), gray(p + dy + dx))
                        }
                        let top = a &* (256 &- wx) &+ b &* wx, bottom = cc &* (256 &- wx) &+ d &* wx
                        let value = top &* (256 &- wy) &+ bottom &* wy  // ×65536 (×2^24 for colour)
                        line[ox] = c == 1 ? UInt8(truncatingIfNeeded: (value &+ 32768) >> 16)
                            : UInt8(truncatingIfNeeded: (value &+ (1 << 23)) >> 24)
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: .gray, pixels: out)
    }
}
