import PapersImaging

extension TextLine {
    /// The two lines this one is made of, when it is two lines of large type set so close that
    /// the locator's smearing joined them into one bar: the ink of `mask` (unsmeared) counted row
    /// by row along the line shows two bands with an all but empty row between them. `nil` for a
    /// single line.
    func halves(in mask: InkMask) -> (upper: TextLine, lower: TextLine)? {
        let reach = Int(height.rounded(.up))
        guard reach >= 6 else { return nil }
        let from = max(0, Int(minX)), to = min(mask.width - 1, Int(maxX))
        guard to - from > 20 else { return nil }
        // Ink per row offset from the centre line, −reach...reach: the centre line's row in each
        // column first, then the offsets row by row, so that each pass walks along the mask's memory.
        let centres = (from...to).map { Int((intercept + slope * Double($0)).rounded()) }
        var rows = [Int](repeating: 0, count: 2 * reach + 1)
        let width = mask.width, height = mask.height
        mask.bits.withUnsafeBufferPointer { bits in
            for dy in -reach...reach {
                var ink = 0
                for (i, centre) in centres.enumerated() {
                    let y = centre &+ dy
                    if y >= 0, y < height { ink &+= Int(bits[y &* width &+ from &+ i]) }
                }
                rows[dy + reach] = ink
            }
        }
        // The emptiest row in the middle half, and the densest on each side of it.
        let middle = (reach / 2)...(reach + reach / 2)
        guard let valley = middle.min(by: { rows[$0] < rows[$1] }) else { return nil }
        guard let upperPeak = (0..<valley).max(by: { rows[$0] < rows[$1] }),
              let lowerPeak = ((valley + 1)..<rows.count).max(by: { rows[$0] < rows[$1] }) else { return nil }
        let weaker = min(rows[upperPeak], rows[lowerPeak])
        // Two lines: the gap between them holds under a fifth of the ink of either's densest row.
        guard weaker > (to - from) / 10, rows[valley] * 5 < weaker else { return nil }
        /// The rows around `peak`, on its side of the valley, holding at least half its ink: the
        /// text band without the fringe that blur and spread ink leave.
        func band(_ peak: Int, within range: ClosedRange<Int>) -> (centre: Double, height: Double) {
            let floor = rows[peak] / 2
            var top = peak, bottom = peak
            while top > range.lowerBound, rows[top - 1] >= floor { top -= 1 }
            while bottom < range.upperBound, rows[bottom + 1] >= floor { bottom += 1 }
            return (Double(top + bottom) / 2 - Double(reach), Double(bottom - top + 1))
        }
        let upper = band(upperPeak, within: 0...valley), lower = band(lowerPeak, within: valley...(rows.count - 1))
        guard upper.height >= 3, lower.height >= 3 else { return nil }
        return (TextLine(minX: minX, maxX: maxX, intercept: intercept + upper.centre, slope: slope, height: upper.height, faint: faint),
                TextLine(minX: minX, maxX: maxX, intercept: intercept + lower.centre, slope: slope, height: lower.height, faint: faint))
    }
}
