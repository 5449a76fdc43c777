import Foundation

/// A guilloche: two families of parallel sine curves crossing each other, as security printing
/// lays under the text of identity documents.
struct SineLines: Sendable {
    /// Distance between neighbouring curves of a family, pixels.
    let spacing: Double
    /// Half the drawn line width, pixels.
    let halfWidth: Double
    /// Wavelength, amplitude and phase of each family's curves, pixels and radians.
    let waves: [(wavelength: Double, amplitude: Double, phase: Double, drift: Double)]

    /// Curves `spacing` millimetres apart, `lineWidth` millimetres wide, with random waves.
    init(random: inout SeededRandom, ppmm: Double, spacing: Double, lineWidth: Double) {
        self.spacing = spacing * ppmm
        halfWidth = max(0.35, lineWidth * ppmm / 2)
        waves = (0..<2).map { family in
            (wavelength: random.uniform(6...14) * ppmm, amplitude: random.uniform(0.8...2.5) * ppmm,
             phase: random.uniform(0...(2 * .pi)), drift: (family == 0 ? 1 : -1) * random.uniform(0.05...0.25))
        }
    }

    /// Line coverage, 0…1, at a pixel.
    @inline(__always)
    func intensity(x: Double, y: Double) -> Float {
        var best: Float = 0
        for wave in waves {
            let curve = y + wave.drift * x + wave.amplitude * sin(2 * .pi * x / wave.wavelength + wave.phase)
            let offset = curve - spacing * (curve / spacing).rounded()
            // The vertical offset, scaled by the curve's slope, approximates the distance to it.
            let slope = wave.drift + wave.amplitude * 2 * .pi / wave.wavelength * cos(2 * .pi * x / wave.wavelength + wave.phase)
            let distance = abs(offset) / (1 + slope * slope).squareRoot()
            best = max(best, Float(min(1, max(0, halfWidth + 0.5 - distance))))
        }
        return best
    }
}
