extension Image {
    /// The part of the image inside `quad`, straightened into a `width`×`height` image
    /// (perspective warp with bilinear sampling, 8-bit weights). Samples outside the image read
    /// as black.
    public func warped(from quad: Quadrilateral, width outWidth: Int, height outHeight: Int) -> Image? {
        guard let walk = WarpWalk(onto: quad.corners, width: outWidth, height: outHeight) else { return nil }
        let c = channels, stride = bytesPerRow
        let shift = WarpWalk.fractionBits
        let limitX = (width - 1) << shift, limitY = (height - 1) << shift
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                walk.forEachSpan { row, columns, span in
                    // A span wholly inside the image, away from its last row and column: no tests.
                    if c == 3, WarpWalk.isInterior(span, limitX: limitX, limitY: limitY) {
                        Self.colourInterior(src, stride: stride, into: dst + (row * outWidth + columns.lowerBound) * 3,
                                            count: columns.count, span: span)
                        return
                    }
                    var walk = span
                    var o = dst + (row * outWidth + columns.lowerBound) * c
                    for _ in columns {
                        let fx = walk.x, fy = walk.y
                        defer { walk.advance(); o += c }
                        guard fx >= 0, fy >= 0, fx <= limitX, fy <= limitY else { continue }
                        let wx = (fx >> WarpWalk.weightShift) & 255, wy = (fy >> WarpWalk.weightShift) & 255
                        let dx = fx < limitX ? c : 0, dy = fy < limitY ? stride : 0
                        let p = src + (fy >> shift) * stride + (fx >> shift) * c
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

    /// One span of an RGB warp whose taps all lie inside the image.
    @inline(__always)
    private static func colourInterior(_ src: UnsafePointer<UInt8>, stride: Int, into out: UnsafeMutablePointer<UInt8>,
                                       count: Int, span: WarpWalk.Span) {
        var walk = span, o = out
        for _ in 0..<count {
            let wx = (walk.x >> WarpWalk.weightShift) & 255, wy = (walk.y >> WarpWalk.weightShift) & 255
            let p = src + ((walk.y >> WarpWalk.fractionBits) &* stride &+ (walk.x >> WarpWalk.fractionBits) &* 3), q = p + stride
            walk.advance()
            @inline(__always) func sample(_ k: Int) {
                let top = Int(p[k]) &* (256 &- wx) &+ Int(p[k &+ 3]) &* wx
                let bottom = Int(q[k]) &* (256 &- wx) &+ Int(q[k &+ 3]) &* wx
                o[k] = UInt8(truncatingIfNeeded: (top &* (256 &- wy) &+ bottom &* wy &+ 32768) >> 16)
            }
            sample(0); sample(1); sample(2)
            o += 3
        }
    }
}
