extension TextLine {
    /// Every line made by joining two or more of `lines` that are pieces of one printed line: faint
    /// print crossed by a guilloche, or set with wide gaps, breaks into pieces that follow one
    /// another (or overlap a little) at the same height and slant. A piece joins the next when
    /// the gap between them is at most `gap` pixels (the locator's smearing reach), their centre
    /// lines meet within the taller one's height where they join (a guilloche under one piece
    /// raises its centre), their slants differ by at most ``joinSlope`` and neither is more
    /// than twice as high as the other. A joined line is one more line for the locator, not a
    /// replacement of its pieces.
    static func joined(_ lines: [TextLine], gap: Double) -> [TextLine] {
        let sorted = lines.sorted { $0.minX < $1.minX }
        var joined: [TextLine] = []
        var used = Set<Int>()
        for start in sorted.indices where !used.contains(start) {
            var line = sorted[start]
            var pieces = 1
            for next in sorted.indices where next > start && !used.contains(next) {
                guard let longer = line.joining(sorted[next], gap: gap) else { continue }
                line = longer
                used.insert(next)
                pieces += 1
            }
            if pieces > 1 { joined.append(line) }
        }
        return joined
    }

    /// The largest difference of slant (as a slope) between two pieces of one line.
    static let joinSlope = 0.03

    /// This line extended by `other`, a piece of the same printed line that starts after this
    /// one does, or `nil` when `other` is not one (see ``joined(_:gap:)``).
    func joining(_ other: TextLine, gap: Double) -> TextLine? {
        guard other.minX >= minX, other.minX - maxX <= gap, other.maxX > maxX,
              abs(other.slope - slope) <= Self.joinSlope,
              max(height, other.height) <= 2 * min(height, other.height) else { return nil }
        // Where the two meet: the middle of the gap between them, or of their overlap.
        let x = (maxX + other.minX) / 2
        let y = intercept + slope * x, otherY = other.intercept + other.slope * x
        guard abs(y - otherY) <= max(height, other.height) else { return nil }
        // Each piece weighs as much as it is long: the joined centre line passes through their
        // weighted centres at their weighted slant.
        let (w, v) = (width, other.width)
        let slant = (slope * w + other.slope * v) / (w + v)
        let (cx, ox) = ((minX + maxX) / 2, (other.minX + other.maxX) / 2)
        let centreX = (cx * w + ox * v) / (w + v)
        let centreY = ((intercept + slope * cx) * w + (other.intercept + other.slope * ox) * v) / (w + v)
        return TextLine(minX: minX, maxX: other.maxX, intercept: centreY - slant * centreX, slope: slant,
                        height: (height * w + other.height * v) / (w + v), faint: faint)
    }
}
