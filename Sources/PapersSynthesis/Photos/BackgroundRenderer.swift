import Foundation
import PapersImaging

/// Surfaces a document is photographed on.
public enum SyntheticBackground: String, Sendable, Codable, CaseIterable {
    /// Wood grain.
    case wood
    /// Speckled stone.
    case granite
    /// A checked tablecloth.
    case tablecloth
    /// A white desk: low contrast with white paper and light cards.
    case whiteDesk
    /// A dark, even surface.
    case dark
    /// A coloured gradient.
    case gradient

    /// Draws the surface.
    func render(width: Int, height: Int, random: inout SeededRandom) -> FloatCanvas {
        var canvas = FloatCanvas(width: width, height: height)
        let noise = ValueNoise(random: &random, cells: 24)
        switch self {
        case .wood:
            let base = (Float(random.uniform(110...170)), Float(random.uniform(70...110)), Float(random.uniform(30...70)))
            let angle = random.uniform(0...Double.pi), frequency = random.uniform(0.05...0.12)
            fill(&canvas) { x, y in
                let along = x * cos(angle) + y * sin(angle)
                let v = Float(sin(along * frequency + 6 * noise.value(x / Double(width), y / Double(height))) * 18)
                return (base.0 + v, base.1 + v * 0.7, base.2 + v * 0.4)
            }
        case .granite:
            let base = Float(random.uniform(90...170))
            var speckles = random
            fill(&canvas) { x, y in
                let v = Float(noise.value(x / Double(width) * 3, y / Double(height) * 3) * 50 - 25)
                let s = Float(speckles.gaussian(sigma: 22))
                return (base + v + s, base + v + s, base + v * 0.9 + s)
            }
            random = speckles
        case .tablecloth:
            let a = (Float(random.uniform(150...250)), Float(random.uniform(30...120)), Float(random.uniform(30...120)))
            let b = (Float(random.uniform(200...250)), Float(random.uniform(200...250)), Float(random.uniform(200...250)))
            // Squares of 18–60 pixels in a 1280-pixel-wide frame, in proportion at other sizes.
            let cell = random.uniform(18...60) * Double(width) / 1280, angle = random.uniform(-0.5...0.5)
            fill(&canvas) { x, y in
                let u = x * cos(angle) + y * sin(angle), v = -x * sin(angle) + y * cos(angle)
                let checks = (Int((u / cell).rounded(.down)) + Int((v / cell).rounded(.down))) & 1 == 0
                return checks ? a : b
            }
        case .whiteDesk:
            let base = Float(random.uniform(200...240))
            fill(&canvas) { x, y in
                let v = Float(noise.value(x / Double(width), y / Double(height)) * 14 - 7) - Float(y / Double(height) * 12)
                return (base + v, base + v, base + v - 2)
            }
        case .dark:
            let base = Float(random.uniform(20...70))
            fill(&canvas) { x, y in
                let v = Float(noise.value(x / Double(width) * 2, y / Double(height) * 2) * 12)
                return (base + v, base + v, base + v + 4)
            }
        case .gradient:
            let from = (Float(random.uniform(30...220)), Float(random.uniform(30...220)), Float(random.uniform(30...220)))
            let to = (Float(random.uniform(30...220)), Float(random.uniform(30...220)), Float(random.uniform(30...220)))
            fill(&canvas) { x, y in
                let t = Float((x / Double(width) + y / Double(height)) / 2)
                return (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t, from.2 + (to.2 - from.2) * t)
            }
        }
        return canvas
    }

    private func fill(_ canvas: inout FloatCanvas, _ color: (Double, Double) -> (Float, Float, Float)) {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let c = color(Double(x), Double(y))
                let i = (y * canvas.width + x) * 3
                canvas.data[i] = c.0; canvas.data[i + 1] = c.1; canvas.data[i + 2] = c.2
            }
        }
    }
}

/// Smooth random values over the unit square (bilinear interpolation of a random lattice).
struct ValueNoise: Sendable {
    let cells: Int
    let lattice: [Double]

    init(random: inout SeededRandom, cells: Int) {
        self.cells = cells
        lattice = (0..<((cells + 1) * (cells + 1))).map { _ in random.uniform(0...1) }
    }

    /// A value in 0…1 at (u, v); the lattice repeats outside the unit square.
    func value(_ u: Double, _ v: Double) -> Double {
        let x = (u * Double(cells)).truncatingRemainder(dividingBy: Double(cells))
        let y = (v * Double(cells)).truncatingRemainder(dividingBy: Double(cells))
        let fx = x < 0 ? x + Double(cells) : x, fy = y < 0 ? y + Double(cells) : y
        let x0 = min(cells - 1, Int(fx)), y0 = min(cells - 1, Int(fy))
        let ax = fx - Double(x0), ay = fy - Double(y0)
        let sx = ax * ax * (3 - 2 * ax), sy = ay * ay * (3 - 2 * ay)
        let row = cells + 1
        let a = lattice[y0 * row + x0], b = lattice[y0 * row + x0 + 1]
        let c = lattice[(y0 + 1) * row + x0], d = lattice[(y0 + 1) * row + x0 + 1]
        return (a + (b - a) * sx) + ((c + (d - c) * sx) - (a + (b - a) * sx)) * sy
    }
}
