import PapersImaging

/// The band of a document where its MRZ lies, straightened alone.
///
/// Straightening the whole document at the reading width, and searching all of it for the MRZ,
/// took most of a scan's time. The capture analysis has straightened the document already, small
/// (at most 512 pixels wide): the MRZ's lines are found there, and only the band of rows around
/// them is straightened at the reading width, the same pixels the whole straightened document
/// would hold there. The scanner reads the band first and the whole document only when the band
/// gives no verified reading.
/// (Public for its ``rows(in:)``: where a capture checks glare.)
public struct MRZBand: Sendable {
    /// The band, straightened at the reading width.
    let image: Image
    /// The text size the lines were found at (a fraction of the width, as the band has it too):
    /// the only size the band is searched at.
    let gapFraction: Double
    /// Where the lines lie: fractions of the detected document's height, from its first corners' edge.
    let rows: ClosedRange<Double>

    /// Text lines the band keeps beyond the lines found, in line heights, on the side away from
    /// the document's nearer edge: room for the reader's own search, and for a line the small
    /// image lost in the print around it.
    static let context = 2.5
    /// Text lines the band keeps on the side of the document's edge nearer the lines.
    static let nearContext = 1.0

    /// The band of `outline` (the detected quad widened by `margin` on every side, as the scanner
    /// straightens it) around the MRZ-like lines of `measured` (the analysis's straightened image
    /// of the detected quad), straightened from `photo` at most `width` wide; `nil` when
    /// `measured` shows no MRZ-like lines.
    static func find(in measured: Image, outline: Quadrilateral, margin: Double, photo: Image, width: Int) -> MRZBand? {
        let gray = (measured.format == .gray ? measured : measured.grayscale()).packed
        guard let best = MRZLocator.candidates(in: gray, gapFractions: MRZLocator.documentGaps, maximumCount: 1).first
        else { return nil }
        return band(of: best, in: gray, outline: outline, margin: margin, photo: photo, width: width)
    }

    /// Where a straightened document (the capture analysis's small image of it) shows MRZ-like
    /// lines: fractions of its height; `nil` when it shows none. What a capture checks glare against.
    public static func rows(in measured: Image) -> ClosedRange<Double>? {
        let gray = (measured.format == .gray ? measured : measured.grayscale()).packed
        guard let best = MRZLocator.candidates(in: gray, gapFractions: MRZLocator.documentGaps, maximumCount: 1).first else { return nil }
        return extent(of: best.lines, height: Double(gray.height)).rows
    }

    /// The lines' extent, slant and thickness included: rows as fractions of `height`.
    static func extent(of lines: [TextLine], height: Double) -> (top: Double, bottom: Double, rows: ClosedRange<Double>) {
        var top = Double.infinity, bottom = -Double.infinity
        for line in lines {
            for x in [line.minX, line.maxX] {
                let y = line.intercept + line.slope * x
                top = min(top, y - line.height / 2)
                bottom = max(bottom, y + line.height / 2)
            }
        }
        return (top, bottom, max(0, top / height)...min(1, max(top, bottom) / height))
    }

    static func band(of best: MRZLocator.Candidate, in gray: Image, outline: Quadrilateral, margin: Double, photo: Image, width: Int) -> MRZBand? {
        // The lines' extent, slant and thickness included, in fractions of the measured height.
        let (top, bottom, lineRows) = extent(of: best.lines, height: Double(gray.height))
        let lineHeight = best.lines.map(\.height).reduce(0, +) / Double(best.lines.count)
        let height = Double(gray.height)
        // More room on the side away from the document's nearer edge (an MRZ always lies along an
        // edge): the lines then sit on the side of the band that tells the reader which way up
        // they are, as they do on the whole document.
        let upright = top + bottom > height
        let above = upright ? context : nearContext, below = upright ? nearContext : context
        let from = (top - above * lineHeight) / height, to = (bottom + below * lineHeight) / height
        // Rows of the detected quad (0…1) as rows of the widened outline.
        let span = 1 + 2 * margin
        let rows = ((from + margin) / span)...((to + margin) / span)
        return DocumentRectifier.rectifyGray(photo, quad: outline, maximumWidth: width, rows: rows)
            .map { MRZBand(image: $0.image, gapFraction: best.gapFraction, rows: lineRows) }
    }
}
