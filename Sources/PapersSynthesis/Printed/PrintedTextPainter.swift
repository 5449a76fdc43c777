import Foundation
import PapersImaging

/// Sets lines of text in one font with FreeType onto a raster: measures strings and stamps their
/// glyphs, each rasterised once per size and weight. Not shareable between tasks: make one per
/// document.
final class PrintedTextPainter {
    private let font: FreeTypeFont
    private struct Key: Hashable {
        let scalar: UInt32
        let size: Int
        let weight: Int
    }
    private var cache: [Key: FreeTypeGlyph] = [:]

    /// Opens the font at `path`.
    init(fontPath: String) throws(IndependentRenderError) {
        font = try FreeTypeFont(path: fontPath)
    }

    /// The glyph of `scalar` at the pen origin (0, 0), from the cache; a missing glyph draws as `?`.
    private func glyph(_ scalar: UInt32, pixelsPerEm: Double, embolden: Double) throws(IndependentRenderError) -> FreeTypeGlyph {
        let key = Key(scalar: scalar, size: Int((pixelsPerEm * 8).rounded()), weight: Int((embolden * 8).rounded()))
        if let cached = cache[key] { return cached }
        let made: FreeTypeGlyph
        do {
            made = try font.glyph(scalar: scalar, pixelsPerEm: Double(key.size) / 8, origin: Point(x: 0, y: 0), angle: 0,
                                  embolden: Double(key.weight) / 8)
        } catch where error.code == .glyphMissing && scalar != 63 {
            made = try glyph(63, pixelsPerEm: pixelsPerEm, embolden: embolden)
        }
        cache[key] = made
        return made
    }

    /// Whether the font draws every character of `text`.
    func canDraw(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            do { _ = try font.glyph(scalar: scalar.value, pixelsPerEm: 12, origin: Point(x: 0, y: 0), angle: 0, embolden: 0) }
            catch { return false }
            return true
        }
    }

    /// The width of `text` in pixels.
    func width(_ text: String, pixelsPerEm: Double, embolden: Double = 0) throws(IndependentRenderError) -> Double {
        var total = 0.0
        for scalar in text.unicodeScalars { total += try glyph(scalar.value, pixelsPerEm: pixelsPerEm, embolden: embolden).advance }
        return total
    }

    /// Draws `text` with its pen starting at `x` on the baseline `baseline`, in `ink` over what is
    /// there (three-channel raster), each glyph's coverage scaled by `strength(x)`, a function of
    /// the column that lets a thermal print fade across the paper.
    func draw(_ text: String, x: Double, baseline: Double, pixelsPerEm: Double, embolden: Double = 0,
              on raster: inout IndependentRaster, ink: (Float, Float, Float),
              strength: (Double) -> Float = { _ in 1 }) throws(IndependentRenderError) {
        var pen = x
        for scalar in text.unicodeScalars {
            let glyph = try glyph(scalar.value, pixelsPerEm: pixelsPerEm, embolden: embolden)
            let left = Int(pen.rounded()) + glyph.left, top = Int(baseline.rounded()) + glyph.top
            let fade = strength(pen)
            for gy in 0..<glyph.height {
                let y = top + gy
                guard y >= 0, y < raster.height else { continue }
                for gx in 0..<glyph.width {
                    let column = left + gx
                    guard column >= 0, column < raster.width else { continue }
                    let a = Float(glyph.coverage[gy * glyph.width + gx]) / 255 * fade
                    guard a > 0 else { continue }
                    let i = (y * raster.width + column) * 3
                    raster.data[i] += (ink.0 - raster.data[i]) * a
                    raster.data[i + 1] += (ink.1 - raster.data[i + 1]) * a
                    raster.data[i + 2] += (ink.2 - raster.data[i + 2]) * a
                }
            }
            pen += glyph.advance
        }
    }
}
