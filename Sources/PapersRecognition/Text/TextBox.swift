import PapersImaging

/// An axis-aligned box in an image's pixels: origin top-left, `width` × `height` pixels.
public struct TextBox: Sendable, Hashable, Codable {
    /// Column of the box's left edge.
    public var x: Int
    /// Row of the box's top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a box.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the box.
    public var maxX: Int { x + width }
    /// The row just below the box.
    public var maxY: Int { y + height }
    /// The box's centre.
    public var center: Point { Point(x: Double(x) + Double(width) / 2, y: Double(y) + Double(height) / 2) }

    /// The smallest box holding both.
    public func union(_ other: TextBox) -> TextBox {
        let left = min(x, other.x), top = min(y, other.y)
        return TextBox(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The smallest box holding every box, `nil` for none.
    public static func union(of boxes: some Sequence<TextBox>) -> TextBox? {
        var result: TextBox?
        for box in boxes { result = result.map { $0.union(box) } ?? box }
        return result
    }

    /// The box with each coordinate multiplied by `factor` (back to a larger or smaller image).
    public func scaled(by factor: Double) -> TextBox {
        TextBox(x: Int((Double(x) * factor).rounded()), y: Int((Double(y) * factor).rounded()),
                width: Int((Double(width) * factor).rounded()), height: Int((Double(height) * factor).rounded()))
    }
}
