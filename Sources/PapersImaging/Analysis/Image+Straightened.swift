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
        let plane = AnalysisPlane(frame: self, factor: level, region: (x0, y0, x1 - x0, y1 - y0))
        let local = Quadrilateral(corners: quad.corners.map { Point(x: $0.x - Double(x0), y: $0.y - Double(y0)) })!
        return plane.image.warpedGray(from: local, scale: Double(level), width: width, height: height, outside: outside)
    }
}
