/// Drawing on an RGB image: lines, outlines, filled boxes and bitmap text.
import PapersImaging
struct ImageCanvas {
    var image: Image

    init(_ image: Image) { self.image = image.rgb() }

    mutating func set(_ x: Int, _ y: Int, _ color: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let i = (y * image.width + x) * 3
        image.pixels[i] = color.0; image.pixels[i + 1] = color.1; image.pixels[i + 2] = color.2
    }

    mutating func line(_ a: Point, _ b: Point, color: (UInt8, UInt8, UInt8), thickness: Int) {
        let steps = Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)) + 1
        let r = thickness / 2
        for s in 0...steps {
            let t = Double(s) / Double(max(1, steps))
            let x = Int((a.x + (b.x - a.x) * t).rounded()), y = Int((a.y + (b.y - a.y) * t).rounded())
            for dy in -r...r { for dx in -r...r { set(x + dx, y + dy, color) } }
        }
    }

    mutating func outline(_ quad: Quadrilateral, color: (UInt8, UInt8, UInt8), thickness: Int) {
        for i in 0..<4 { line(quad.corners[i], quad.corners[(i + 1) % 4], color: color, thickness: thickness) }
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: (UInt8, UInt8, UInt8)) {
        for yy in y..<(y + height) { for xx in x..<(x + width) { set(xx, yy, color) } }
    }

    /// Writes upper-cased text with its top-left at (x, y), each font pixel `scale`×`scale`.
    mutating func text(_ string: String, x: Int, y: Int, scale: Int, color: (UInt8, UInt8, UInt8)) {
        var cursor = x
        for character in string.uppercased() {
            let rows = BitmapFont.glyphs[character] ?? BitmapFont.glyphs["-"]!
            for (row, bits) in rows.enumerated() {
                for column in 0..<5 where bits & (0x10 >> UInt8(column)) != 0 {
                    fill(x: cursor + column * scale, y: y + row * scale, width: scale, height: scale, color: color)
                }
            }
            cursor += 6 * scale
        }
    }
}
