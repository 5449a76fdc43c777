import Foundation
import PapersImaging

/// Prepares a photo of a printed page (a receipt of any length, a form) for a text recogniser:
/// finds the sheet (``DocumentDetector``), straightens it to its own proportions, turns it
/// upright, and evens out the light (each pixel divided by its neighbourhood's background, so
/// that a shadow or a crease does not swallow the print when the recogniser thresholds it);
/// paper close to its background turns white, print keeps its shades.
public struct TextPagePreparer: Sendable {
    /// The sheet's outline must cover at least this share of the photo to be trusted. Default 0.08.
    public var minimumSheetArea = 0.08
    /// Whether to even out the light. Default `true`.
    public var flattensLight = true
    /// The straightened page's longer side is at most this many pixels. Default 2400.
    public var maximumSide = 2400

    /// Creates a preparer.
    public init() {}

    /// A prepared page.
    public struct Page: Sendable {
        /// The straightened, evened-out page (gray).
        public let image: Image
        /// The sheet's corners in the photo, clockwise from the top-left, when a sheet was found
        /// (`nil`: the whole photo was used).
        public let corners: [Point]?
    }

    /// The page in `photo`.
    public func prepare(_ photo: Image) -> Page {
        var page = photo
        var corners: [Point]?
        if !Self.isPaperToTheEdges(photo), let detection = DocumentDetector.detect(in: photo), detection.isInFrame,
           detection.quad.area >= minimumSheetArea * Double(photo.width * photo.height),
           let ordered = Self.upright(detection.quad.corners) {
            let top = ordered[0].distance(to: ordered[1]), bottom = ordered[3].distance(to: ordered[2])
            let leftSide = ordered[0].distance(to: ordered[3]), rightSide = ordered[1].distance(to: ordered[2])
            var width = (top + bottom) / 2, height = (leftSide + rightSide) / 2
            let shrink = min(1, Double(maximumSide) / max(width, height))
            width *= shrink
            height *= shrink
            if let straightened = photo.warped(from: Quadrilateral(ordered[0], ordered[1], ordered[2], ordered[3]),
                                               width: max(16, Int(width.rounded())), height: max(16, Int(height.rounded()))) {
                page = straightened
                corners = ordered
            }
        }
        var gray = page.grayscale()
        if corners == nil { gray = gray.fitting(maximumSide: maximumSide) }
        if flattensLight { gray = Self.flattened(gray) }
        return Page(image: gray, corners: corners)
    }

    /// Whether the photo's border is as light as its middle: a scan or a photo filled by the
    /// sheet, whose inner outlines (a form's grid) must not be taken for the sheet's.
    static func isPaperToTheEdges(_ photo: Image) -> Bool {
        let gray = photo.grayscale().fitting(maximumSide: 256)
        let band = max(1, min(gray.width, gray.height) / 40)
        var border: [Int] = [], middle: [Int] = []
        for y in 0..<gray.height {
            for x in 0..<gray.width {
                let value = Int(gray.pixels[y * gray.bytesPerRow + x])
                if x < band || y < band || x >= gray.width - band || y >= gray.height - band { border.append(value) }
                else if x > gray.width / 4, x < 3 * gray.width / 4, y > gray.height / 4, y < 3 * gray.height / 4 { middle.append(value) }
            }
        }
        func median(_ values: [Int]) -> Double { values.isEmpty ? 0 : Double(values.sorted()[values.count / 2]) }
        return median(border) >= 0.9 * median(middle)
    }

    /// The corners in reading order: clockwise from the one that is top-left when the sheet is
    /// turned so that its sides are nearest the photo's axes (a sheet is photographed roughly
    /// upright, tilted by less than 45 degrees).
    static func upright(_ corners: [Point]) -> [Point]? {
        guard corners.count == 4 else { return nil }
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        // Clockwise on screen (y down): increasing angle.
        let sorted = corners.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        guard let start = sorted.indices.min(by: { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y }) else { return nil }
        return (0..<4).map { sorted[(start + $0) % 4] }
    }

    /// `image` divided by its background (a wide box blur of it), scaled so that paper is near white.
    static func flattened(_ image: Image) -> Image {
        let radius = max(8, min(64, max(image.width, image.height) / 60))
        let background = image.boxBlurred(radius: radius)
        var out = image.packed
        let source = image.packed.pixels, light = background.pixels
        for index in out.pixels.indices {
            let ratio = Double(source[index]) / max(24, Double(light[index]))
            // Paper (within 12% of its background) becomes white: the recogniser's layout
            // analysis then sees no texture there, only print.
            out.pixels[index] = ratio >= 0.88 ? 255 : UInt8(max(0, min(255, (ratio * 235).rounded())))
        }
        return out
    }
}
