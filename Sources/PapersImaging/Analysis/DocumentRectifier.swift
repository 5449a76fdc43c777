/// Straightens a detected document to its standard proportions.
public enum DocumentRectifier {
    /// Standard document proportions (width over height, landscape).
    public static let standardAspectRatios: [(name: String, ratio: Double)] = [
        ("ID-1", 85.60 / 53.98), ("ID-2", 105.0 / 74.0), ("ID-3", 125.0 / 88.0), ("Letter", 11.0 / 8.5),
    ]

    /// The standard aspect ratio nearest to a measured one.
    public static func standardRatio(near measured: Double) -> Double {
        let landscape = measured >= 1 ? measured : 1 / measured
        return standardAspectRatios.min { abs($0.ratio - landscape) < abs($1.ratio - landscape) }!.ratio
    }

    /// The document inside `quad` (corners clockwise from the top-left, first side long), warped
    /// flat at the nearest standard aspect ratio, at about the resolution it has in the frame (at most `maximumWidth`).
    public static func rectify(_ frame: Image, quad: Quadrilateral, maximumWidth: Int = 1600) -> Image? {
        let ratio = standardRatio(near: quad.meanWidth / max(1, quad.meanHeight))
        let width = max(32, min(maximumWidth, Int(quad.meanWidth.rounded())))
        return frame.warped(from: quad, width: width, height: max(16, Int((Double(width) / ratio).rounded())))
    }
}
