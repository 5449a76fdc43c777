import Foundation
import PapersImaging

/// A floating-point raster of one (coverage) or three (RGB, 0…255) channels, the independent
/// renderer's own: its blur is a true sampled Gaussian and its sampling is bilinear on pixel
/// centres.
struct IndependentRaster: Sendable {
    let width: Int
    let height: Int
    let channels: Int
    var data: [Float]

    /// A raster filled with `value` in every channel.
    init(width: Int, height: Int, channels: Int, value: Float = 0) {
        self.width = width
        self.height = height
        self.channels = channels
        data = [Float](repeating: value, count: width * height * channels)
    }

    /// Bilinear sample of channel `k` at a position in pixels (pixel centres at +0.5), clamped at the borders.
    @inline(__always)
    func sample(_ x: Double, _ y: Double, _ k: Int) -> Float {
        let fx = min(max(x - 0.5, 0), Double(width - 1)), fy = min(max(y - 0.5, 0), Double(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        let a = data[(y0 * width + x0) * channels + k], b = data[(y0 * width + x1) * channels + k]
        let c = data[(y1 * width + x0) * channels + k], d = data[(y1 * width + x1) * channels + k]
        return (a + (b - a) * ax) * (1 - ay) + (c + (d - c) * ax) * ay
    }

    /// Convolves every channel with a sampled Gaussian of `sigma` pixels (separable, edges clamped).
    mutating func blur(sigma: Double) {
        guard sigma >= 0.2 else { return }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var line = [Float](repeating: 0, count: max(width, height))
        let w = width, h = height, n = channels
        data.withUnsafeMutableBufferPointer { d in
            for y in 0..<h {
                for k in 0..<n {
                    for x in 0..<w {
                        var sum: Float = 0
                        for t in -radius...radius { sum += d[(y * w + min(max(x + t, 0), w - 1)) * n + k] * kernel[t + radius] }
                        line[x] = sum
                    }
                    for x in 0..<w { d[(y * w + x) * n + k] = line[x] }
                }
            }
            for x in 0..<w {
                for k in 0..<n {
                    for y in 0..<h {
                        var sum: Float = 0
                        for t in -radius...radius { sum += d[(min(max(y + t, 0), h - 1) * w + x) * n + k] * kernel[t + radius] }
                        line[y] = sum
                    }
                    for y in 0..<h { d[(y * w + x) * n + k] = line[y] }
                }
            }
        }
    }

    /// The raster as an 8-bit RGB image (three channels) or gray image (one), values clamped to 0…255.
    func image() -> Image {
        let pixels = data.map { UInt8(max(0, min(255, $0.rounded()))) }
        return Image(width: width, height: height, format: channels == 3 ? .rgb : .gray, pixels: pixels)!
    }
}
