extension Image {
    /// The part of the image inside `quad`, straightened into a `width`×`height` image
    /// (perspective warp with bilinear sampling). Samples outside the image read as black.
    public func warped(from quad: Quadrilateral, width outWidth: Int, height outHeight: Int) -> Image? {
        let target = [Point(x: 0, y: 0), Point(x: Double(outWidth), y: 0),
                      Point(x: Double(outWidth), y: Double(outHeight)), Point(x: 0, y: Double(outHeight))]
        // The inverse map: output pixel → input position.
        guard outWidth > 0, outHeight > 0, let map = Homography(from: target, to: quad.corners) else { return nil }
        let c = channels
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        let m = map.m
        let maxX = Double(width - 1), maxY = Double(height - 1)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for oy in 0..<outHeight {
                    let v = Double(oy) + 0.5
                    for ox in 0..<outWidth {
                        let u = Double(ox) + 0.5
                        let w = m[6] * u + m[7] * v + m[8]
                        let sx = (m[0] * u + m[1] * v + m[2]) / w - 0.5
                        let sy = (m[3] * u + m[4] * v + m[5]) / w - 0.5
                        guard sx >= 0, sy >= 0, sx <= maxX, sy <= maxY else { continue }
                        let x0 = Int(sx), y0 = Int(sy)
                        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        let d = (oy * outWidth + ox) * c
                        for k in 0..<c {
                            let p00 = Double(src[y0 * bytesPerRow + x0 * c + k]), p10 = Double(src[y0 * bytesPerRow + x1 * c + k])
                            let p01 = Double(src[y1 * bytesPerRow + x0 * c + k]), p11 = Double(src[y1 * bytesPerRow + x1 * c + k])
                            let top = p00 + (p10 - p00) * fx
                            let bottom = p01 + (p11 - p01) * fx
                            dst[d + k] = UInt8(max(0, min(255, (top + (bottom - top) * fy).rounded())))
                        }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: format, pixels: out)
    }
}
