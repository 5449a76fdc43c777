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
        let (width, height) = size(of: quad, maximumWidth: maximumWidth)
        return frame.warped(from: quad, width: width, height: height)
    }

    /// The same straightened document in gray, for reading: the gray of the document's region is
    /// made once and then warped, cheaper than straightening in colour and converting after. Outside
    /// the frame is black, as in ``rectify(_:quad:maximumWidth:)``.
    public static func rectifyGray(_ frame: Image, quad: Quadrilateral, maximumWidth: Int = 1600) -> Image? {
        let (width, height) = size(of: quad, maximumWidth: maximumWidth)
        return frame.straightenedGray(quad, width: width, height: height, outside: .black)
    }

    /// A horizontal band of ``rectifyGray(_:quad:maximumWidth:)``'s image: the rows from
    /// `rows.lowerBound` to `rows.upperBound` of its height (fractions, clamped to 0…1), at the
    /// same size and place, so that a pixel (x, y) of the band is the pixel (x, y + first row) of
    /// the whole, without straightening the rest. `nil` when the band holds no row.
    public static func rectifyGray(_ frame: Image, quad: Quadrilateral, maximumWidth: Int = 1600,
                                   rows: ClosedRange<Double>) -> (image: Image, firstRow: Int)? {
        let (width, height) = size(of: quad, maximumWidth: maximumWidth)
        let first = max(0, Int((rows.lowerBound * Double(height)).rounded(.down)))
        let last = min(height, Int((rows.upperBound * Double(height)).rounded(.up)))
        guard last - first >= 2,
              let band = quad.part(across: 0...1, down: (Double(first) / Double(height))...(Double(last) / Double(height))),
              let image = frame.straightenedGray(band, width: width, height: last - first, outside: .black)
        else { return nil }
        return (image, first)
    }

    /// The output size for `quad`: its own mean width (at most `maximumWidth`), the height from
    /// the nearest standard aspect ratio.
    public static func size(of quad: Quadrilateral, maximumWidth: Int) -> (width: Int, height: Int) {
        let ratio = standardRatio(near: quad.meanWidth / max(1, quad.meanHeight))
        let width = max(32, min(maximumWidth, Int(quad.meanWidth.rounded())))
        return (width, max(16, Int((Double(width) / ratio).rounded())))
    }
}
