extension CaptureAnalysis {
    /// Whether a glare region, mapped into the document (0…1 across and down, from the edge
    /// between its first two corners), overlaps any of `rows` (fractions of the document's
    /// height). Without a document outline, any glare counts.
    public func glareOverlaps(rows: [ClosedRange<Double>]) -> Bool {
        guard glareDetected else { return false }
        guard corners.count == 4,
              let toDocument = Homography(from: corners, to: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)])
        else { return true }
        return glareRegions.contains { region in
            let points = region.corners.map(toDocument.apply)
            let down = (points.map(\.y).min() ?? 0)...(points.map(\.y).max() ?? 0)
            let across = (points.map(\.x).min() ?? 0)...(points.map(\.x).max() ?? 0)
            return across.overlaps(0...1) && rows.contains { $0.overlaps(down) }
        }
    }

    /// How much glare covering `glareFraction` of the document lowers ``confidence`` (a factor in 0.2…1).
    public static func glareFactor(glareFraction: Double) -> Double {
        max(0.2, 0.7 - glareFraction * 5)
    }

    /// ``confidence`` as it would be without the glare: for a caller that has found the glare
    /// harmless (away from everything that must be read).
    public var confidenceDespiteGlare: Double {
        guard glareDetected else { return confidence }
        return min(1, confidence / Self.glareFactor(glareFraction: glareFraction))
    }
}
