extension SegmentedLine {
    /// The shares of each cell's text band (cells `0..<count`) that are clipped white (≥ 250).
    func clippedShares(count: Int) -> [Double] {
        let w = image.width
        let rowFrom = max(0, Int(top)), rowTo = min(image.height, Int(bottom.rounded(.up)))
        return (0..<count).map { index in
            let from = max(0, Int(boundaries[index].rounded())), to = min(w, Int(boundaries[index + 1].rounded()))
            guard to > from, rowTo > rowFrom else { return 0 }
            var clipped = 0
            for y in rowFrom..<rowTo {
                for x in from..<to where image.pixels[y * w + x] >= 250 { clipped += 1 }
            }
            return Double(clipped) / Double((to - from) * (rowTo - rowFrom))
        }
    }

    /// The cells a glare spot washes out: clipped white over a real share of the cell where the
    /// line's typical cell has next to none. A washed-out stroke turns one letter into another
    /// (a T without its bar reads as an I) with the recogniser none the wiser, so such a cell
    /// cannot be sure. On a page clipped white all over (overexposed), nothing stands out and
    /// nothing is marked.
    func washedOutCells(count: Int) -> [Bool] {
        let shares = clippedShares(count: count)
        let typical = shares.sorted()[shares.count / 2]
        return shares.map { $0 >= Self.washedOutShare && $0 >= 4 * typical + 0.05 }
    }

    /// The clipped share of a cell from which it may be washed out.
    static let washedOutShare = 0.1
}
