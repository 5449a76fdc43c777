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
                // Tiles of 32×32 output pixels keep the source reads of a rotated document in cache;
                // row by row, a quarter-turned page walks down the frame one row per pixel.
                let tile = 32
                for tileY in Swift.stride(from: 0, to: outHeight, by: tile) {
                    for tileX in Swift.stride(from: 0, to: outWidth, by: tile) {
                        let xEnd = min(outWidth, tileX + tile)
                        for oy in tileY..<min(outHeight, tileY + tile) {
                            let v = Float(oy) + 0.5, u = Float(tileX) + 0.5
                            // The homography's numerators and denominator are linear in u along a row.
                            var nx = m[0] * u + m[1] * v + m[2], ny = m[3] * u + m[4] * v + m[5], nw = m[6] * u + m[7] * v + m[8]
                            let row = dst + oy * outWidth
                            for ox in tileX..<xEnd {
                                let inverse = 1 / nw
                                var sx = nx * inverse - 0.5, sy = ny * inverse - 0.5
                                nx += m[0]; ny += m[3]; nw += m[6]
                                sx = sx < 0 ? 0 : (sx > maxX ? maxX : sx)
                                sy = sy < 0 ? 0 : (sy > maxY ? maxY : sy)
                                let x0 = Int(sx), y0 = Int(sy)
                                let dx = x0 < w1 ? c : 0, dy = y0 < h1 ? stride : 0
                                let fx = sx - Float(x0), fy = sy - Float(y0)
                                let p = src + y0 * stride + x0 * c
                                let value: Float
                                if c == 1 {
                                    let top = Float(p[0]) + (Float(p[dx]) - Float(p[0])) * fx
                                    let bottom = Float(p[dy]) + (Float(p[dy + dx]) - Float(p[dy])) * fx
                                    value = top + (bottom - top) * fy
                                } else {
                                    // Interpolate each channel, then weigh: the same as weighing first.
                                    let q = p + dy
                                    let r = (Float(p[0]) + (Float(p[dx]) - Float(p[0])) * fx) * (1 - fy) + (Float(q[0]) + (Float(q[dx]) - Float(q[0])) * fx) * fy
                                    let g = (Float(p[1]) + (Float(p[dx + 1]) - Float(p[1])) * fx) * (1 - fy) + (Float(q[1]) + (Float(q[dx + 1]) - Float(q[1])) * fx) * fy
                                    let b = (Float(p[2]) + (Float(p[dx + 2]) - Float(p[2])) * fx) * (1 - fy) + (Float(q[2]) + (Float(q[dx + 2]) - Float(q[2])) * fx) * fy
                                    value = (77 * r + 150 * g + 29 * b) * (1 / 256)
                                }
                                row[ox] = UInt8(value + 0.5)
                            }
                        }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: .gray, pixels: out)
    }
}
