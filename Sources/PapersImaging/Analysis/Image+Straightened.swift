extension Image {
    /// The inside of `quad` as a straight gray image, sampled from a level of detail where the
    /// document is at most twice the output size (so shrinking does not alias).
    ///
    /// The gray of the document's region is made first (rows in order), then warped: cheaper
    /// than converting the four taps of every output pixel from colour. The region is the quad's
    /// bounding box clipped to the image, so `outside` fills what lies past the image's edge.
    func straightenedGray(_ quad: Quadrilateral, width: Int, height: Int, outside: Outside = .nearestEdge) -> Image? {
        let level = max(1, Int(quad.meanWidth / Double(width)))
        if level == 1, channels == 1 { return warpedGray(from: quad, width: width, height: height, outside: outside) }
        let xs = quad.corners.map(\.x), ys = quad.corners.map(\.y)
        let x0 = max(0, Int(xs.min()!) - level), y0 = max(0, Int(ys.min()!) - level)
        let x1 = min(self.width, Int(xs.max()!) + level + 1), y1 = min(self.height, Int(ys.max()!) + level + 1)
        guard x1 - x0 >= level, y1 - y0 >= level else { return nil }
        // Only the part of each row the quad covers is read by the warp: a turned document's
        // bounding box holds up to twice its area.
        let rows = (y1 - y0) / level, lastColumn = (x1 - x0) / level - 1, margin = Double(2 * level)
        let columns = channels == 1 ? nil : (0..<rows).map { row -> Range<Int> in
            let top = Double(y0 + row * level)
            // Samples past the image's top or bottom edge repeat its first or last row.
            let from = row == 0 && y0 == 0 ? -Double.infinity : top - margin
            let to = row == rows - 1 && y1 == self.height ? Double.infinity : top + Double(level) + margin
            guard let reach = quad.horizontalExtent(from: from, to: to) else { return 0..<0 }
            let first = Int(((reach.lower - margin - Double(x0)) / Double(level)).rounded(.down))
            let last = Int(((reach.upper + margin - Double(x0)) / Double(level)).rounded(.down))
            // Samples past the image's left or right edge repeat its first or last column, so a
            // row whose part lies wholly outside still needs that column.
            return min(max(0, first), lastColumn)..<(max(min(last, lastColumn), 0) + 1)
        }
        let plane = AnalysisPlane(frame: self, factor: level, region: (x0, y0, x1 - x0, y1 - y0), columns: columns)
        let local = Quadrilateral(corners: quad.corners.map { Point(x: $0.x - Double(x0), y: $0.y - Double(y0)) })!
        return plane.image.warpedGray(from: local, scale: Double(level), width: width, height: height, outside: outside)
    }
}
