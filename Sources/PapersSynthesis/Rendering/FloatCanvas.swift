import Foundation
import PapersImaging

/// An RGB picture in floating point (0…255 per channel), used while synthesising photos.
struct FloatCanvas: Sendable {
    let width: Int
    let height: Int
    var data: [Float]

    init(width: Int, height: Int, fill: (Float, Float, Float) = (0, 0, 0)) {
        self.width = width
        self.height = height
        data = [Float](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            data[3 * i] = fill.0; data[3 * i + 1] = fill.1; data[3 * i + 2] = fill.2
        }
    }

    /// Bilinear sample at a sub-pixel position (clamped at the borders).
    @inline(__always)
    func sample(_ x: Double, _ y: Double) -> (Float, Float, Float) {
        let fx = min(max(x - 0.5, 0), Double(width - 1)), fy = min(max(y - 0.5, 0), Double(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        let i00 = (y0 * width + x0) * 3, i10 = (y0 * width + x1) * 3, i01 = (y1 * width + x0) * 3, i11 = (y1 * width + x1) * 3
        func mix(_ k: Int) -> Float {
            let top = data[i00 + k] + (data[i10 + k] - data[i00 + k]) * ax
            let bottom = data[i01 + k] + (data[i11 + k] - data[i01 + k]) * ax
            return top + (bottom - top) * ay
        }
        return (mix(0), mix(1), mix(2))
    }

    /// Moves the pixel at (`x`, `y`) `alpha` of the way (0…1) towards `colour`.
    @inline(__always)
    mutating func blend(x: Int, y: Int, toward colour: (Float, Float, Float), alpha: Float) {
        let i = (y * width + x) * 3
        data[i] += (colour.0 - data[i]) * alpha
        data[i + 1] += (colour.1 - data[i + 1]) * alpha
        data[i + 2] += (colour.2 - data[i + 2]) * alpha
    }

    /// Fills an axis-aligned rectangle.
    mutating func fillRect(x: Int, y: Int, width w: Int, height h: Int, color: (Float, Float, Float)) {
        for yy in max(0, y)..<min(height, y + h) {
            for xx in max(0, x)..<min(width, x + w) {
                let i = (yy * width + xx) * 3
                data[i] = color.0; data[i + 1] = color.1; data[i + 2] = color.2
            }
        }
    }

    /// Copies an 8-bit image (gray, RGB or RGBA) with its top-left at (x, y), clipped to the canvas.
    mutating func paste(_ image: Image, x: Int, y: Int) {
        let rgb = image.rgb()
        for row in max(0, -y)..<min(rgb.height, height - y) {
            for column in max(0, -x)..<min(rgb.width, width - x) {
                let source = rgb.offset(x: column, y: row), target = ((y + row) * width + x + column) * 3
                data[target] = Float(rgb.pixels[source])
                data[target + 1] = Float(rgb.pixels[source + 1])
                data[target + 2] = Float(rgb.pixels[source + 2])
            }
        }
    }

    /// Three box blurs in a row: a close approximation of a Gaussian blur of the given sigma.
    mutating func gaussianBlur(sigma: Double) {
        guard sigma >= 0.3 else { return }
        // Box radius giving the Gaussian's variance over three passes.
        let radius = max(1, Int(((12 * sigma * sigma / 3 + 1).squareRoot() - 1) / 2 + 0.5))
        for _ in 0..<3 {
            boxBlur(horizontal: true, radius: radius)
            boxBlur(horizontal: false, radius: radius)
        }
    }

    private mutating func boxBlur(horizontal: Bool, radius: Int) {
        let count = horizontal ? width : height
        let lines = horizontal ? height : width
        let step = horizontal ? 3 : width * 3
        var line = [Float](repeating: 0, count: count * 3)
        let norm = 1 / Float(2 * radius + 1)
        data.withUnsafeMutableBufferPointer { d in
            for l in 0..<lines {
                let base = horizontal ? l * width * 3 : l * 3
                for k in 0..<3 {
                    var sum: Float = 0
                    for i in -radius...radius { sum += d[base + min(max(i, 0), count - 1) * step + k] }
                    for i in 0..<count {
                        line[i * 3 + k] = sum * norm
                        let add = min(i + radius + 1, count - 1), remove = max(i - radius, 0)
                        sum += d[base + add * step + k] - d[base + remove * step + k]
                    }
                }
                for i in 0..<count { for k in 0..<3 { d[base + i * step + k] = line[i * 3 + k] } }
            }
        }
    }

    /// Motion blur: each pixel becomes the mean along a segment of `length` pixels at `angle`.
    mutating func motionBlur(length: Double, angle: Double) {
        guard length >= 2 else { return }
        let source = self
        let taps = Int(length.rounded())
        let dx = cos(angle), dy = sin(angle)
        for y in 0..<height {
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for t in 0..<taps {
                    let offset = Double(t) - Double(taps - 1) / 2
                    let s = source.sample(Double(x) + 0.5 + dx * offset, Double(y) + 0.5 + dy * offset)
                    r += s.0; g += s.1; b += s.2
                }
                let i = (y * width + x) * 3
                let n = Float(taps)
                data[i] = r / n; data[i + 1] = g / n; data[i + 2] = b / n
            }
        }
    }

    /// The canvas as an 8-bit RGB image.
    func image() -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<pixels.count { pixels[i] = UInt8(max(0, min(255, data[i].rounded()))) }
        return Image(width: width, height: height, format: .rgb, pixels: pixels)!
    }
}
