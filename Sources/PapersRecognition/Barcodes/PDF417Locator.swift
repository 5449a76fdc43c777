import PapersImaging

/// Finds a PDF417 symbol in a straightened document by its start and stop patterns, so that the
/// symbol can be straightened again on its own outline.
///
/// A document outline a few pixels off at one corner shears the straightened document, and a
/// wide PDF417 tilted by more than about 2 degrees is lost to zxing-cpp 1.4's detector. The
/// symbol says where it is: its start pattern opens with a bar eight modules wide and its stop
/// pattern with one seven modules wide, each running the symbol's full height (ISO/IEC 15438).
///
/// The locator first finds the symbol's area: blocks of the image whose horizontal contrast is
/// high and higher than their vertical contrast (narrow bars in rows), the largest connected group
/// of them. In each pixel row of that area it takes the widest dark run near the area's left
/// end (the start bar) and near its right end (the stop bar), fits a straight line through each
/// set of bar edges, and keeps the longest unbroken stretch of rows on each line. The symbol's
/// outline runs from the start bar's left edge to the stop pattern's right end (18 modules past
/// the stop bar's left edge, a module being a seventh of the stop bar).
public enum PDF417Locator {
    /// The symbol's outline in `image` (a straightened document; colour is read as gray),
    /// clockwise from the top-left, with no quiet zone; `nil` when no start and stop bars of a
    /// common height are found.
    public static func locate(in image: Image) -> Quadrilateral? {
        let gray = image.channels == 1 ? image : image.grayscale()
        guard gray.width >= 8 * block, gray.height >= 4 * block, let area = symbolArea(gray) else { return nil }
        let threshold = darkThreshold(gray, area: area)
        let (starts, stops) = barEdges(gray, area: area, threshold: threshold)
        let minimumRows = max(12, (area.maxY - area.minY) * 2 / 5)
        guard let start = BarLine.fit(starts.map { ($0.x, $0.y) }, minimumRows: minimumRows),
              let stop = BarLine.fit(stops.map { ($0.x, $0.y) }, minimumRows: minimumRows) else { return nil }
        // A module is a seventh of the stop bar's width, measured on the stop line's rows.
        let widths = stops.filter { $0.y >= stop.top && $0.y <= stop.bottom && abs(stop.x(at: Double($0.y)) - Double($0.x)) < 3 }
            .map(\.width).sorted()
        guard !widths.isEmpty else { return nil }
        let module = Double(widths[widths.count / 2]) / 7
        let reach = stopPatternModules * module
        // The two bars must face each other across the symbol, over a common height.
        let overlap = min(start.bottom, stop.bottom) - max(start.top, stop.top)
        guard overlap >= minimumRows / 2,
              stop.x(at: Double(stop.top)) - start.x(at: Double(start.top)) > Double(area.maxX - area.minX) / 2
        else { return nil }
        let top = (Double(start.top), Double(stop.top)), bottom = (Double(start.bottom + 1), Double(stop.bottom + 1))
        let quad = Quadrilateral(Point(x: start.x(at: top.0), y: top.0), Point(x: stop.x(at: top.1) + reach, y: top.1),
                                 Point(x: stop.x(at: bottom.1) + reach, y: bottom.1), Point(x: start.x(at: bottom.0), y: bottom.0))
        return quad.isConvex ? quad : nil
    }

    /// The PDF417 of `document` (the part of `photo` inside `outline`, straightened to the
    /// document's size) straightened again from `photo` on the symbol's own outline, in gray,
    /// with a quiet zone (a twentieth of its width left and right, a tenth of its height above
    /// and below), enlarged ``enlargement`` times its size in the photo up to `maximumWidth`;
    /// `nil` when no symbol is located.
    public static func straightenedSymbol(in document: Image, outline: Quadrilateral, photo: Image,
                                          maximumWidth: Int = 1600) -> Image? {
        guard let symbol = locate(in: document) else { return nil }
        let (w, h) = (Double(document.width), Double(document.height))
        guard let toPhoto = Homography(from: [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)],
                                       to: outline.corners),
              let inPhoto = Quadrilateral(corners: symbol.corners.map(toPhoto.apply)),
              let framed = inPhoto.part(across: -0.05...1.05, down: -0.1...1.1)
        else { return nil }
        let width = min(maximumWidth, Int((framed.meanWidth * enlargement).rounded()))
        let height = Int((Double(width) * framed.meanHeight / max(1, framed.meanWidth)).rounded())
        guard width >= 32, height >= 16 else { return nil }
        return photo.warpedGray(from: framed, width: width, height: height)
    }

    /// How much a symbol is enlarged over its size in the photo when straightened on its own: a
    /// module two or three photo pixels wide then spans four or five, which zxing-cpp samples
    /// more reliably than at the photo's own scale.
    public static let enlargement = 1.5

    /// Modules from the stop pattern's first bar to its end: 7, 1, 1, 3, 1, 1, 1, 3 (the bar and
    /// space widths, ending with the one-module termination bar).
    static let stopPatternModules = 18.0
    /// The side of the blocks the symbol's area is found in, in pixels.
    static let block = 16
    /// The least mean horizontal contrast (|p(x+1) − p(x−1)| per pixel) of a block in a symbol.
    static let minimumContrast = 10

    /// A rectangle of pixels (inclusive bounds).
    struct Area: Equatable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
    }

    /// The largest 4-connected group of blocks with the horizontal contrast of narrow bars (after
    /// closing one-block gaps), in pixels; `nil` when it has fewer than a dozen blocks.
    static func symbolArea(_ gray: Image) -> Area? {
        let columns = gray.width / block, rows = gray.height / block
        var barred = [Bool](repeating: false, count: columns * rows)
        gray.pixels.withUnsafeBufferPointer { pixels in
            for by in 0..<rows {
                for bx in 0..<columns {
                    var across = 0, down = 0
                    // Every other row of the block is enough to tell bars from print.
                    for y in Swift.stride(from: by * block + 1, to: min(gray.height - 1, (by + 1) * block), by: 2) {
                        let row = y * gray.bytesPerRow
                        for x in max(1, bx * block)..<min(gray.width - 1, (bx + 1) * block) {
                            across += abs(Int(pixels[row + x + 1]) - Int(pixels[row + x - 1]))
                            down += abs(Int(pixels[row + gray.bytesPerRow + x]) - Int(pixels[row - gray.bytesPerRow + x]))
                        }
                    }
                    let samples = block * block / 2
                    barred[by * columns + bx] = across >= minimumContrast * samples && across > down
                }
            }
        }
        let closed = close(barred, columns: columns, rows: rows).map { UInt8($0 ? 1 : 0) }
        // The largest region (the first in raster order among equals).
        let regions = closed.withUnsafeBufferPointer { MaskRuns(mask: $0.baseAddress!, width: columns, height: rows) }.boxes
        guard let best = regions.max(by: { $0.count < $1.count }), best.count >= 12 else { return nil }
        return Area(minX: best.minX * block, minY: best.minY * block,
                    maxX: min(gray.width, (best.maxX + 1) * block) - 1, maxY: min(gray.height, (best.maxY + 1) * block) - 1)
    }

    /// A 3×3 closing of a block mask: a dilation, then an erosion.
    static func close(_ mask: [Bool], columns: Int, rows: Int) -> [Bool] {
        func morph(_ source: [Bool], any: Bool) -> [Bool] {
            var out = source
            for y in 0..<rows {
                for x in 0..<columns {
                    var hit = !any
                    for ny in max(0, y - 1)...min(rows - 1, y + 1) {
                        for nx in max(0, x - 1)...min(columns - 1, x + 1) where source[ny * columns + nx] == any {
                            hit = any
                        }
                    }
                    out[y * columns + x] = hit
                }
            }
            return out
        }
        return morph(morph(mask, any: true), any: false)
    }

    /// The gray level under which a pixel of the area is a bar: Otsu's threshold of its pixels.
    static func darkThreshold(_ gray: Image, area: Area) -> UInt8 {
        Histogram.otsuThreshold(Histogram.of(gray, columns: area.minX...area.maxX, rows: area.minY...area.maxY))
    }

    /// One row's widest dark run starting near the area's left end (the start bar) and near its
    /// right end (the stop bar): the run's first pixel and its width. Rows a little past the area
    /// are read too, since the area is found in whole blocks.
    static func barEdges(_ gray: Image, area: Area, threshold: UInt8)
        -> (starts: [(x: Int, y: Int, width: Int)], stops: [(x: Int, y: Int, width: Int)]) {
        let width = area.maxX - area.minX + 1
        let from = max(0, area.minX - 3 * block), to = min(gray.width, area.maxX + 1 + 3 * block)
        let startLimit = area.minX + width / 5, stopLimit = area.maxX - width / 4
        var starts: [(x: Int, y: Int, width: Int)] = [], stops: [(x: Int, y: Int, width: Int)] = []
        for y in max(0, area.minY - block)..<min(gray.height, area.maxY + 1 + block) {
            let row = y * gray.bytesPerRow
            var start: (x: Int, width: Int)?, stop: (x: Int, width: Int)?
            var x = from
            while x < to {
                guard gray.pixels[row + x] < threshold else { x += 1; continue }
                var end = x + 1
                while end < to, gray.pixels[row + end] < threshold { end += 1 }
                let run = (x: x, width: end - x)
                if x < startLimit, run.width > start?.width ?? 0 { start = run }
                if x > stopLimit, run.width > stop?.width ?? 0 { stop = run }
                x = end
            }
            if let start, start.width >= 4 { starts.append((start.x, y, start.width)) }
            if let stop, stop.width >= 4 { stops.append((stop.x, y, stop.width)) }
        }
        return (starts, stops)
    }
}

/// A bar's left edge through a symbol's rows: `x = slope · y + intercept`, from row `top` to
/// row `bottom` (the longest stretch of rows whose edges lie on the line, gaps of a few rows allowed).
struct BarLine: Equatable {
    var slope: Double
    var intercept: Double
    var top: Int
    var bottom: Int

    func x(at y: Double) -> Double { slope * y + intercept }

    /// The slopes tried: a bar leans by at most this much (x per y) in a sheared document.
    static let steepest = 0.15
    /// Distance from the line (pixels) within which an edge belongs to it.
    static let tolerance = 3.0
    /// The largest gap (rows) within one stretch of the line.
    static let gap = 8

    /// The line with the most edges within a pixel or so: every slope up to ``steepest`` in
    /// steps of 0.002 votes the edges' intercepts into 2-pixel bins; the best bin's edges are
    /// then fitted by least squares. `nil` when the longest stretch has fewer than `minimumRows` rows.
    static func fit(_ edges: [(x: Int, y: Int)], minimumRows: Int) -> BarLine? {
        guard edges.count >= minimumRows, let maxY = edges.map(\.y).max(), let maxX = edges.map(\.x).max() else { return nil }
        let offset = Int(steepest * Double(maxY)) + 2
        var votes = [Int](repeating: 0, count: (maxX + 2 * offset) / 2 + 3)
        var best = (count: 0, slope: 0.0, intercept: 0.0)
        for step in -75...75 {
            let slope = Double(step) * steepest / 75
            for i in votes.indices { votes[i] = 0 }
            for edge in edges {
                let bin = Int(((Double(edge.x) - slope * Double(edge.y) + Double(offset)) / 2).rounded())
                if bin >= 0, bin < votes.count { votes[bin] += 1 }
            }
            for bin in 1..<(votes.count - 1) {
                let count = votes[bin - 1] + votes[bin] + votes[bin + 1]
                if count > best.count { best = (count, slope, Double(bin * 2 - offset)) }
            }
        }
        let near = edges.filter { abs(best.slope * Double($0.y) + best.intercept - Double($0.x)) <= tolerance + 2 }
        guard near.count >= minimumRows else { return nil }
        // Least squares of x on y over the edges near the voted line.
        let n = Double(near.count)
        let sy = near.reduce(0.0) { $0 + Double($1.y) }, sx = near.reduce(0.0) { $0 + Double($1.x) }
        let syy = near.reduce(0.0) { $0 + Double($1.y * $1.y) }, sxy = near.reduce(0.0) { $0 + Double($1.x * $1.y) }
        let d = n * syy - sy * sy
        let slope = d > 1e-9 ? (n * sxy - sx * sy) / d : best.slope
        let intercept = (sx - slope * sy) / n
        let rows = near.filter { abs(slope * Double($0.y) + intercept - Double($0.x)) <= tolerance }.map(\.y).sorted()
        guard !rows.isEmpty else { return nil }
        var longest = (top: rows[0], bottom: rows[0]), first = rows[0]
        for (previous, row) in zip(rows, rows.dropFirst()) {
            if row - previous > gap { first = row }
            if row - first > longest.bottom - longest.top { longest = (first, row) }
        }
        guard longest.bottom - longest.top + 1 >= minimumRows else { return nil }
        return BarLine(slope: slope, intercept: intercept, top: longest.top, bottom: longest.bottom)
    }
}
