import Foundation

/// The dot structure of inkjet print at a coarse resolution: ink lands as round dots on a square
/// grid, each a little off its place and of its own size, so strokes break up into dots.
struct InkjetScreen: Sendable {
    /// Distance between neighbouring dots, pixels.
    let period: Double
    /// A dot's mean radius, pixels.
    let radius: Double
    /// The character pitch the screen was made for, pixels.
    let pitch: Double
    /// Seeds each dot's offset and size.
    let seed: UInt64

    /// A screen of dots 8–13% of the character `pitch` apart (pixels), from `seed`.
    init(seed: UInt64, pitch: Double) {
        var random = SeededRandom(seed: seed ^ 0x1D07_5C4E)
        period = max(1.6, pitch * random.uniform(0.08...0.13))
        radius = period * random.uniform(0.45...0.62)
        self.pitch = pitch
        self.seed = seed
    }

    /// A number in 0…1 fixed by the dot at (`column`, `row`) and `salt`.
    @inline(__always)
    private func unit(_ column: Int, _ row: Int, _ salt: UInt64) -> Double {
        let z = SeededRandom.mix(seed &+ UInt64(bitPattern: Int64(column)) &* 0x9E37_79B9_7F4A_7C15
            &+ UInt64(bitPattern: Int64(row)) &* 0xC2B2_AE3D_27D4_EB4F &+ salt)
        return Double(z >> 11) / Double(1 << 53)
    }

    /// How much of the pixel at (`x`, `y`) the dots cover, 0…1.
    func coverage(x: Int, y: Int) -> Float {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let column = Int((px / period).rounded()), row = Int((py / period).rounded())
        var best = 0.0
        for dr in -1...1 {
            for dc in -1...1 {
                let c = column + dc, r = row + dr
                let cx = (Double(c) + (unit(c, r, 1) - 0.5) * 0.3) * period
                let cy = (Double(r) + (unit(c, r, 2) - 0.5) * 0.3) * period
                let size = radius * (0.85 + 0.3 * unit(c, r, 3))
                let distance = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
                best = max(best, min(1, max(0, size + 0.5 - distance)))
            }
        }
        return Float(best)
    }

    /// Stray droplets: about one per six square pitches of the area given, each a single dot.
    func scatterDroplets(on canvas: inout FloatCanvas, ink: (Float, Float, Float), rows: Range<Int>, columns: Range<Int>) {
        guard !rows.isEmpty, !columns.isEmpty else { return }
        var random = SeededRandom(seed: seed ^ 0xD209_1E75)
        let area = Double(rows.count * columns.count)
        for _ in 0..<Int(area / (6 * pitch * pitch)) {
            let cx = random.uniform(Double(columns.lowerBound)...Double(columns.upperBound))
            let cy = random.uniform(Double(rows.lowerBound)...Double(rows.upperBound))
            let size = radius * random.uniform(0.5...1.0)
            for y in max(0, Int(cy - size - 1))...min(canvas.height - 1, Int(cy + size + 1)) {
                for x in max(0, Int(cx - size - 1))...min(canvas.width - 1, Int(cx + size + 1)) {
                    let distance = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                    let alpha = Float(min(1, max(0, size + 0.5 - distance)))
                    guard alpha > 0 else { continue }
                    canvas.blend(x: x, y: y, toward: ink, alpha: alpha)
                }
            }
        }
    }
}
