import Foundation

extension Image {
    /// The inside of `quad` straightened into a `width`×`height` gray image, converting colour while
    /// sampling (bilinear), so that no full-size gray copy of the frame is needed.
    func warpedGray(from quad: Quadrilateral, scale: Double = 1, width outWidth: Int, height outHeight: Int) -> Image? {
        let target = [Point(x: 0, y: 0), Point(x: Double(outWidth), y: 0),
                      Point(x: Double(outWidth), y: Double(outHeight)), Point(x: 0, y: Double(outHeight))]
        let source = quad.corners.map { Point(x: ($0.x + 0.5) / scale - 0.5, y: ($0.y + 0.5) / scale - 0.5) }
        guard outWidth > 0, outHeight > 0, let map = Homography(from: target, to: source) else { return nil }
        let c = channels
        let m = map.m.map { Float($0) }
        let stride = bytesPerRow
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        let maxX = Float(width - 1), maxY = Float(height - 1)
        let w1 = width - 1, h1 = height - 1
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                // Tiles of 32×32 output pixels keep the source reads of a rotated document in cache.
                // Along a tile's row the source position is exact at both ends and linear between
                // (the perspective's curvature over 32 pixels is far below a hundredth of a pixel),
                // stepped in 16.16 fixed point; bilinear weights have 8 bits.
                let tile = 32
                let limitX = Int32(w1) << 16, limitY = Int32(h1) << 16
                func sourcePoint(_ u: Float, _ v: Float) -> (Int32, Int32) {
                    let nw = m[6] * u + m[7] * v + m[8]
                    let sx = (m[0] * u + m[1] * v + m[2]) / nw - 0.5, sy = (m[3] * u + m[4] * v + m[5]) / nw - 0.5
                    let cx = sx < 0 ? 0 : (sx > maxX ? maxX : sx), cy = sy < 0 ? 0 : (sy > maxY ? maxY : sy)
                    return (Int32(cx * 65536), Int32(cy * 65536))
                }
                for tileY in Swift.stride(from: 0, to: outHeight, by: tile) {
                    for tileX in Swift.stride(from: 0, to: outWidth, by: tile) {
                        let xEnd = min(outWidth, tileX + tile), span = xEnd - tileX
                        for oy in tileY..<min(outHeight, tileY + tile) {
                            let v = Float(oy) + 0.5
                            let (x0, y0) = sourcePoint(Float(tileX) + 0.5, v)
                            let (x1, y1) = sourcePoint(Float(xEnd) - 0.5, v)
                            let stepX = span > 1 ? (x1 - x0) / Int32(span - 1) : 0, stepY = span > 1 ? (y1 - y0) / Int32(span - 1) : 0
                            var fxp = x0, fyp = y0
                            let row = dst + oy * outWidth
                            for ox in tileX..<xEnd {
                                let xi = Int(fxp >> 16), yi = Int(fyp >> 16)
                                let fx = Int((fxp >> 8) & 255), fy = Int((fyp >> 8) & 255)
                                let dx = fxp < limitX ? c : 0, dy = fyp < limitY ? stride : 0
                                fxp &+= stepX; fyp &+= stepY
                                let p = src + yi * stride + xi * c
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
                                let top = a &* (256 &- fx) &+ b &* fx, bottom = cc &* (256 &- fx) &+ d &* fx
                                let value = top &* (256 &- fy) &+ bottom &* fy  // ×65536 (×2^24 for colour)
                                row[ox] = c == 1 ? UInt8(truncatingIfNeeded: (value &+ 32768) >> 16)
                                    : UInt8(truncatingIfNeeded: (value &+ (1 << 23)) >> 24)
                            }
                        }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: .gray, pixels: out)
    }
}
