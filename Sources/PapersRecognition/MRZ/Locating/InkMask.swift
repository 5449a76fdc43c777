import PapersImaging

/// Dark marks on a lighter ground: a local (adaptive) threshold of a gray image, so uneven
/// light and shadows do not hide text.
struct InkMask: Sendable {
    let width: Int
    let height: Int
    /// One byte per pixel, 1 for ink.
    var bits: [UInt8]

    /// Thresholds `gray` (packed, gray) against the mean of a `(2·radius+1)²` window: a pixel is
    /// ink when it is darker than the local mean by more than `contrast` (a fraction of the mean,
    /// at least `minimumDrop` levels).
    init(gray: Image, radius: Int, contrast: Double = 0.12, minimumDrop: Int = 10) {
        precondition(gray.format == .gray)
        let w = gray.width, h = gray.height, stride = gray.bytesPerRow
        width = w
        height = h
        // Integral image with one row and column of zeros in front.
        var integral = [UInt32](repeating: 0, count: (w + 1) * (h + 1))
        gray.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                var rowSum: UInt32 = 0
                let row = y * stride, above = y * (w + 1), here = (y + 1) * (w + 1)
                for x in 0..<w {
                    rowSum &+= UInt32(src[row + x])
                    integral[here + x + 1] = integral[above + x + 1] &+ rowSum
                }
            }
        }
        var bits = [UInt8](repeating: 0, count: w * h)
        let scale = Int((1 - contrast) * 1024)
        gray.pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let y0 = max(0, y - radius), y1 = min(h, y + radius + 1)
                for x in 0..<w {
                    let x0 = max(0, x - radius), x1 = min(w, x + radius + 1)
                    let sum = Int(integral[y1 * (w + 1) + x1]) - Int(integral[y0 * (w + 1) + x1])
                        - Int(integral[y1 * (w + 1) + x0]) + Int(integral[y0 * (w + 1) + x0])
                    let count = (x1 - x0) * (y1 - y0)
                    let mean = sum / count
                    let threshold = min((mean * scale) >> 10, mean - minimumDrop)
                    if Int(src[y * stride + x]) < threshold { bits[y * w + x] = 1 }
                }
            }
        }
        self.bits = bits
    }

    /// Where ink is dense: a pixel is set when at least `fraction` of the `(2·rx+1) × (2·ry+1)`
    /// window around it is ink. With `rx` about half a character pitch and a small `ry`, the
    /// characters of a text line merge into one solid bar, whatever each row of the glyphs holds.
    func dense(rx: Int, ry: Int, fraction: Double) -> InkMask {
        let w = width, h = height
        var integral = [Int32](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var rowSum: Int32 = 0
            for x in 0..<w {
                rowSum += Int32(bits[y * w + x])
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + rowSum
            }
        }
        var out = self
        for y in 0..<h {
            let y0 = max(0, y - ry), y1 = min(h, y + ry + 1)
            for x in 0..<w {
                let x0 = max(0, x - rx), x1 = min(w, x + rx + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                out.bits[y * w + x] = Double(sum) >= fraction * Double((x1 - x0) * (y1 - y0)) ? 1 : 0
            }
        }
        return out
    }
}
