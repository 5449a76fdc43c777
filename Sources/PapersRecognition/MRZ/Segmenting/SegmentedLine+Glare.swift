extension SegmentedLine {
    /// The shares of each cell's text band (cells `0..<count`) that are clipped white (≥ 250).
    func clippedShares(count: Int) -> [Double] {
        (0..<count).map { index in
            guard let band = textBand(index) else { return 0 }
            var clipped = 0
            for y in band.rows {
                for x in band.columns where image.pixels[y * image.width + x] >= 250 { clipped += 1 }
            }
            return Double(clipped) / Double(band.columns.count * band.rows.count)
        }
    }

    /// The pixels of cell `index`'s text band inside the image, or nil when there are none.
    func textBand(_ index: Int) -> (columns: Range<Int>, rows: Range<Int>)? {
        let rowFrom = max(0, Int(top)), rowTo = min(image.height, Int(bottom.rounded(.up)))
        let from = max(0, Int(boundaries[index].rounded())), to = min(image.width, Int(boundaries[index + 1].rounded()))
        guard to > from, rowTo > rowFrom else { return nil }
        return (from..<to, rowFrom..<rowTo)
    }

    /// The gray levels below which `share` of cell `index`'s text band lies (its ink for a
    /// small share, its paper for a large one), or nil for a cell with no pixels.
    func levels(of index: Int, shares: [Double]) -> [Int]? {
        guard let band = textBand(index) else { return nil }
        var histogram = [Int](repeating: 0, count: 256)
        for y in band.rows {
            for x in band.columns { histogram[Int(image.pixels[y * image.width + x])] += 1 }
        }
        let total = band.columns.count * band.rows.count
        return shares.map { share in
            let wanted = max(1, Int((share * Double(total)).rounded()))
            var seen = 0
            for level in 0..<256 {
                seen += histogram[level]
                if seen >= wanted { return level }
            }
            return 255
        }
    }

    /// The cells a glare spot washes out: clipped white over a real share of the cell where the
    /// line's typical cell has next to none, and the cell's ink lifted towards the paper. A
    /// washed-out stroke turns one letter into another (a T without its bar reads as an I) with
    /// the recogniser none the wiser, so such a cell cannot be sure.
    ///
    /// Clipped paper alone is not glare: bright paper under uneven light, or the bleached rim of
    /// laser engraving, clips white around strokes that stay as dark as anywhere on the line. A
    /// spot bright enough to wash a stroke away lifts the whole neighbourhood's ink with it (the
    /// spot is wider than a character), so its darkest pixels are measurably lighter than the
    /// line's. On a page clipped white all over (overexposed), nothing stands out and nothing is
    /// marked.
    func washedOutCells(count: Int) -> [Bool] {
        let shares = clippedShares(count: count)
        let typical = shares.sorted()[shares.count / 2]
        let clipped = shares.map { $0 >= Self.washedOutShare && $0 >= 4 * typical + 0.05 }
        guard clipped.contains(true) else { return clipped }
        // Each cell's ink (its darkest few pixels) and paper, and the line's typical ones.
        let levels = (0..<count).map { self.levels(of: $0, shares: [Self.inkShare, Self.paperShare]) }
        let inks = levels.compactMap { $0?[0] }.sorted(), papers = levels.compactMap { $0?[1] }.sorted()
        guard !inks.isEmpty else { return clipped }
        let ink = Double(inks[inks.count / 2]), contrast = Double(papers[papers.count / 2]) - ink
        guard contrast > 0 else { return clipped }
        return clipped.indices.map { index in
            guard clipped[index], let cell = levels[index] else { return clipped[index] }
            return Double(cell[0]) - ink >= Self.liftedInk * contrast
        }
    }

    /// The clipped share of a cell from which it may be washed out.
    static let washedOutShare = 0.1
    /// The share of a cell's text band that measures its ink (the darkest pixels).
    static let inkShare = 0.05
    /// The share of a cell's text band below which its paper lies.
    static let paperShare = 0.9
    /// How far towards the paper (a share of the line's contrast) a washed-out cell's ink is lifted.
    static let liftedInk = 0.2
}
