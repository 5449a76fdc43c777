/// A line of text found by the locator: its horizontal extent and its centre line, which may
/// slant a little.
struct TextLine: Sendable, Hashable {
    /// The leftmost and rightmost ink.
    var minX: Double
    var maxX: Double
    /// The centre line `y = intercept + slope · x`.
    var intercept: Double
    var slope: Double
    /// The text height (ink rows per column of the smeared line).
    var height: Double
    /// Whether the line was found as faint print (see ``InkMask/threshold(faint:)``): its ink is
    /// measured the same way once straightened.
    var faint = false

    var width: Double { maxX - minX }
    /// The centre line's height at the middle of the line.
    var midY: Double { intercept + slope * (minX + maxX) / 2 }

    /// The line in an image scaled by `factor`.
    func scaled(by factor: Double) -> TextLine {
        TextLine(minX: minX * factor, maxX: maxX * factor, intercept: intercept * factor, slope: slope, height: height * factor,
                 faint: faint)
    }

    /// The same line in the image turned by 180° (`width` × `height` pixels).
    func rotatedHalfTurn(width: Double, height imageHeight: Double) -> TextLine {
        TextLine(minX: width - maxX, maxX: width - minX, intercept: imageHeight - intercept - slope * width,
                 slope: slope, height: height, faint: faint)
    }
}
