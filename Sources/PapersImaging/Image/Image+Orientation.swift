extension Image {
    /// A quarter-turn rotation.
    public enum Rotation: Sendable, Hashable, CaseIterable {
        /// 90° clockwise.
        case clockwise
        /// 180°.
        case half
        /// 90° counter-clockwise (270° clockwise).
        case counterClockwise
    }

    /// The image rotated by a multiple of 90°.
    public func rotated(_ rotation: Rotation) -> Image {
        let c = channels
        let outWidth = rotation == .half ? width : height
        let outHeight = rotation == .half ? height : width
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        let (w, h, stride) = (width, height, bytesPerRow)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                switch rotation {
                case .half where c == 1:
                    // Row y, reversed, is row h − 1 − y (the common case: an MRZ read upside down).
                    for y in 0..<h { Self.reversed(src + y * stride, into: dst + (h - 1 - y) * w, count: w) }
                case .half:
                    for y in 0..<h {
                        let row = src + y * stride, out = dst + (h - 1 - y) * w * c
                        for x in 0..<w { for k in 0..<c { out[(w - 1 - x) * c + k] = row[x * c + k] } }
                    }
                case .clockwise where c == 1, .counterClockwise where c == 1:
                    // In 64×64 blocks, so that the output's columns stay in cache while they fill.
                    // Source (x, y) lands at (h − 1 − y, x) turning right, at (y, w − 1 − x) turning left:
                    // a start and a step through the output per source row.
                    let turnedRight = rotation == .clockwise
                    let step = turnedRight ? outWidth : -outWidth
                    for by in Swift.stride(from: 0, to: h, by: 64) {
                        for bx in Swift.stride(from: 0, to: w, by: 64) {
                            for y in by..<min(h, by + 64) {
                                let row = src + y * stride
                                var out = dst + (turnedRight ? bx * outWidth + (h - 1 - y) : (w - 1 - bx) * outWidth + y)
                                for x in bx..<min(w, bx + 64) {
                                    out.pointee = row[x]
                                    out += step
                                }
                            }
                        }
                    }
                case .clockwise:
                    // Source row y becomes output column h − 1 − y.
                    for y in 0..<h {
                        let row = src + y * stride, column = dst + (h - 1 - y) * c
                        for x in 0..<w { for k in 0..<c { column[x * outWidth * c + k] = row[x * c + k] } }
                    }
                case .counterClockwise:
                    // Source row y becomes output column y, read upwards.
                    for y in 0..<h {
                        let row = src + y * stride, column = dst + y * c
                        for x in 0..<w { for k in 0..<c { column[(w - 1 - x) * outWidth * c + k] = row[x * c + k] } }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: format, pixels: out)!
    }

    /// `count` bytes in reverse order.
    @inline(never)
    private static func reversed(_ src: UnsafePointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count { dst[count - 1 - x] = src[x] }
    }

    /// The image mirrored left to right.
    public func mirrored() -> Image {
        let c = channels
        var out = [UInt8](repeating: 0, count: width * height * c)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * bytesPerRow + x * c
                let d = (y * width + (width - 1 - x)) * c
                for k in 0..<c { out[d + k] = pixels[s + k] }
            }
        }
        return Image(width: width, height: height, format: format, pixels: out)!
    }

    /// The part of the image inside a rectangle, clamped to the image.
    ///
    /// - Returns: `nil` when the rectangle lies outside the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Image? {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + w), y1 = min(height, y + h)
        guard x1 > x0, y1 > y0 else { return nil }
        let c = channels
        let rowBytes = (x1 - x0) * c
        var out = [UInt8]()
        out.reserveCapacity(rowBytes * (y1 - y0))
        for row in y0..<y1 {
            let start = row * bytesPerRow + x0 * c
            out.append(contentsOf: pixels[start..<(start + rowBytes)])
        }
        return Image(width: x1 - x0, height: y1 - y0, format: format, pixels: out)
    }
}
