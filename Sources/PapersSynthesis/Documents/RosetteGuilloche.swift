import Foundation

/// A rosette guilloche: two families of spiral curves about one centre, turning opposite ways,
/// drawn as fine coloured lines the way security printing fills the background of a document.
struct RosetteGuilloche: Sendable {
    /// The rosette's centre, pixels.
    let centre: (x: Double, y: Double)
    /// Radial distance between neighbouring curves, pixels.
    let period: Double
    /// How many times each family winds about the centre.
    let lobes: Double
    /// Half the line width, pixels.
    let halfWidth: Double
    /// The lines' colour.
    let colour: (Float, Float, Float)
    /// How far a line's centre goes towards ``colour``, 0…1.
    let strength: Float

    /// A rosette for a document of `width` × `height` pixels, its curves 35–70% of the character
    /// `pitch` apart, from `seed`.
    init(seed: UInt64, pitch: Double, width: Int, height: Int) {
        var random = SeededRandom(seed: seed ^ 0x6071_10C4)
        centre = (random.uniform(0...Double(width)), random.uniform(-0.5 * Double(height)...Double(height)))
        period = pitch * random.uniform(0.35...0.7)
        lobes = Double(Int(random.uniform(8...24)))
        halfWidth = max(0.4, pitch * random.uniform(0.015...0.04))
        colour = (Float(random.uniform(60...200)), Float(random.uniform(60...200)), Float(random.uniform(60...200)))
        strength = Float(random.uniform(0.25...0.6))
    }

    /// Draws the lines over `rows` × `columns` of the canvas.
    func draw(on canvas: inout FloatCanvas, rows: Range<Int>, columns: Range<Int>) {
        let k = 2 * Double.pi / period
        for y in rows {
            for x in columns {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let r = max(1, (dx * dx + dy * dy).squareRoot()), theta = atan2(dy, dx)
                // The phase changes by k per pixel along the radius and lobes / r across it.
                let gradient = (k * k + lobes * lobes / (r * r)).squareRoot()
                var cover = 0.0
                for turn in [lobes, -lobes] {
                    let phase = k * r + turn * theta
                    let offset = abs(phase - 2 * .pi * (phase / (2 * .pi)).rounded()) / gradient
                    cover = max(cover, min(1, max(0, halfWidth + 0.5 - offset)))
                }
                guard cover > 0 else { continue }
                canvas.blend(x: x, y: y, toward: colour, alpha: Float(cover) * strength)
            }
        }
    }
}
