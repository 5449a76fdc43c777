import PapersImaging

/// One MRZ line straightened and cut into its fixed-pitch character cells.
struct SegmentedLine: Sendable {
    /// The line, straightened, gray, dark text on light.
    var image: Image
    /// The top of the capitals and the baseline in `image`.
    var top: Double
    var bottom: Double
    /// The `count + 1` cell boundaries, left to right.
    var boundaries: [Double]
    /// The columns of `image` whose text band was sampled inside the source image; a cell
    /// reaching past them is cut off by the edge of the photo, whatever it seems to show.
    var visible: ClosedRange<Double> = -Double.infinity...Double.infinity

    /// Whether cell `index` lies wholly in the picture (a cell cut off by the photo's edge
    /// shows the edge pixels repeated, not the character).
    func isVisible(_ index: Int) -> Bool {
        visible.contains(boundaries[index] + 1) && visible.contains(boundaries[index + 1] - 1)
    }

    /// Cell `index` for the classifier.
    func cell(_ index: Int) -> CharacterCell {
        let left = boundaries[index], right = boundaries[index + 1]
        return CharacterCell(centerX: (left + right) / 2, top: top, bottom: bottom, pitch: right - left)
    }
}

/// A located MRZ line straightened, with its text band and column profile of ink
/// (see ``MRZLineSegmenter/prepare(_:line:picture:)``).
struct PreparedLine: Sendable {
    /// The line, straightened (and upright), gray.
    let image: Image
    /// The first and last rows of the text band.
    let top: Int
    let bottom: Int
    /// Ink per column over the text band.
    let profile: [Double]
    /// The first and last columns with a real share of ink.
    let first: Int
    let last: Int
    /// The character pitch the profile repeats at, when it shows one.
    let period: Double?
    /// The columns sampled inside the picture (see ``SegmentedLine/visible``); `nil` when none are.
    let visible: ClosedRange<Double>?

    /// Whether `count` characters fill the inked span at the print's ``period`` (within the 5%
    /// that ``MRZLineSegmenter/fitGrid(profile:first:last:count:period:)`` allows before it
    /// anchors the grid at one end instead); false when the profile shows no period.
    func spansEvenly(count: Int) -> Bool {
        guard let period else { return false }
        return !MRZLineSegmenter.strays(first: Double(first), last: Double(last + 1), count: count, period: period)
    }
}

/// Straightens one located MRZ line and fits the fixed-pitch grid of its `count` characters.
enum MRZLineSegmenter {
    /// Straightens `line` of `gray` (packed gray, full resolution) and measures its ink:
    /// everything about the line that does not depend on how many characters it is taken to hold,
    /// so that each length tried reuses it; ``cut(_:count:)`` then fits the cells. `picture` is
    /// where `gray` holds real pixels (all of it by default).
    /// Returns `nil` when there is no usable line there.
    static func prepare(_ gray: Image, line: TextLine, picture: Quadrilateral? = nil) -> PreparedLine? {
        guard var straight = straighten(gray, line: line) else { return nil }
        let h = max(4.0, line.height)
        let threshold = InkMask.threshold(faint: line.faint)
        func inkMask(_ image: Image) -> InkMask {
            InkMask(gray: image, radius: max(4, Int(h)), contrast: threshold.contrast, minimumDrop: threshold.minimumDrop)
        }
        var mask = inkMask(straight)
        guard var (top, bottom) = band(of: mask, tallest: tallestBand * h) else { return nil }
        // Perspective and a tilted line lean the glyphs; cells are cut and classified upright.
        let lean = slant(of: mask, top: top, bottom: bottom)
        var straightSlant = 0.0
        if abs(lean) >= 0.04, let upright = straighten(gray, line: line, slant: lean) {
            let uprightMask = inkMask(upright)
            if let uprightBand = band(of: uprightMask, tallest: tallestBand * h) {
                (straight, mask, (top, bottom)) = (upright, uprightMask, uprightBand)
                straightSlant = lean
            }
        }

        // Column profile over the text band.
        var profile = [Double](repeating: 0, count: mask.width)
        let rowFrom = max(0, top - 1), rowTo = min(mask.height - 1, bottom + 1)
        for y in rowFrom...rowTo {
            let row = y * mask.width
            for x in 0..<mask.width where mask.bits[row + x] == 1 { profile[x] += 1 }
        }
        let peak = profile.max() ?? 0
        guard peak > 0 else { return nil }
        let inked = profile.indices.filter { profile[$0] >= peak * 0.12 }
        guard let first = inked.first, let last = inked.last else { return nil }
        return PreparedLine(
            image: straight, top: top, bottom: bottom, profile: profile, first: first, last: last,
            period: period(of: profile, from: first, to: last, near: Double(bottom + 1 - top)),
            visible: visibleColumns(of: line, slant: straightSlant, in: gray, picture: picture,
                                    size: (straight.width, straight.height), rows: [top, bottom + 1]))
    }

    /// Fits the fixed-pitch grid of `count` characters to a prepared line.
    static func cut(_ line: PreparedLine, count: Int) -> SegmentedLine? {
        guard line.last - line.first > count * 2,
              let grid = fitGrid(profile: line.profile, first: Double(line.first), last: Double(line.last + 1), count: count,
                                 period: line.period)
        else { return nil }
        var segmented = SegmentedLine(image: line.image, top: Double(line.top), bottom: Double(line.bottom + 1),
                                      boundaries: refine(grid, profile: line.profile))
        if let visible = line.visible { segmented.visible = visible }
        return segmented
    }

    /// Moves each boundary, within a fifth of a pitch, to the middle of the emptiest columns
    /// near it: print spacing is not perfectly even after an imperfect perspective correction.
    static func refine(_ boundaries: [Double], profile: [Double]) -> [Double] {
        guard boundaries.count > 2 else { return boundaries }
        var refined = boundaries
        for i in boundaries.indices {
            let pitch = i + 1 < boundaries.count ? boundaries[i + 1] - boundaries[i] : boundaries[i] - boundaries[i - 1]
            let reach = Int(pitch * 0.2)
            let centre = Int(boundaries[i].rounded())
            guard reach >= 1 else { continue }
            var lowest = Double.infinity, from = centre, to = centre
            for x in (centre - reach)...(centre + reach) {
                let ink = x >= 0 && x < profile.count ? profile[x] : 0
                if ink < lowest { lowest = ink; from = x; to = x } else if ink == lowest, x == to + 1 { to = x }
            }
            let here = centre >= 0 && centre < profile.count ? profile[centre] : 0
            if lowest < here { refined[i] = Double(from + to) / 2 + 0.5 }
        }
        // Keep the order and a sane minimum width.
        for i in 1..<refined.count where refined[i] < refined[i - 1] + 0.5 * (boundaries[i] - boundaries[i - 1]) {
            refined[i] = boundaries[i]
        }
        return refined
    }

    /// How far the inked span's pitch may stray from the print's period (a fraction of it) for
    /// the grid to be fitted to the span rather than anchored at one end.
    static let periodTolerance = 0.05

    /// Whether `count` cells over the inked span `first..<last` would have a pitch more than
    /// ``periodTolerance`` away from the print's `period` (a glyph is about 0.7 pitch wide, so the
    /// span is about `count − 0.3` pitches).
    static func strays(first: Double, last: Double, count: Int, period: Double) -> Bool {
        abs((last - first) / (Double(count) - 0.3) - period) > periodTolerance * period
    }

    /// The grid whose `count + 1` boundaries cross the least ink while the cells cover the inked
    /// span `first..<last`. Boundary `i` sits at `offset + pitch·i + bend·i²`: the bend absorbs the
    /// steady change of pitch that perspective (of the photo, or a slightly wrong straightening)
    /// leaves along a line.
    ///
    /// When the inked span disagrees with the print's `period` (glare or a cut-off edge hides the
    /// line's end, or its start), the grid keeps the period and is anchored at whichever end fits.
    static func fitGrid(profile: [Double], first: Double, last: Double, count: Int, period: Double?) -> [Double]? {
        let n = Double(count)
        // A glyph is about 0.7 pitch wide, so the span is about (n − 0.3) pitches.
        let spanPitch = (last - first) / (n - 0.3)
        if let period, strays(first: first, last: last, count: count, period: period) {
            return fitAnchoredGrid(profile: profile, first: first, last: last, count: count, period: period)
        }
        let estimate = spanPitch
        var best = (offset: first - 0.15 * estimate, pitch: estimate, bend: 0.0, cost: Double.infinity)
        for b in -12...12 {
            // Up to ±38% change of pitch from one end of the line to the other (a strong
            // perspective); the pitch at the start is searched around the one that keeps the
            // mean pitch at the estimate.
            let bend = Double(b) * 0.016 * estimate / n
            let start = estimate - bend * n
            for p in 0...30 {
                let pitch = start * (0.94 + 0.004 * Double(p))
                // Slight preference for the span-based estimate and an even pitch.
                let penalty = abs(pitch + bend * n - estimate) / estimate * 0.5 + abs(Double(b)) * 0.002
                // Ink only adds to the cost: a grid whose penalty alone, or whose ink so far, is
                // no better than the best cannot win, and is left (the choice stays the same).
                guard penalty < best.cost else { continue }
                for o in 0...16 {
                    let offset = first - pitch * (0.02 + 0.03 * Double(o))
                    let end = offset + n * pitch + bend * n * n
                    // The grid must reach past the last ink, and not far beyond it.
                    guard end >= last - 0.1 * pitch, end <= last + 0.6 * pitch else { continue }
                    var cost = 0.0, beaten = false
                    for i in 0...count {
                        let k = Double(i)
                        cost += ink(profile, at: offset + k * pitch + bend * k * k)
                        if i & 7 == 7, cost / (n + 1) + penalty >= best.cost { beaten = true; break }
                    }
                    guard !beaten else { continue }
                    cost /= n + 1
                    cost += penalty
                    if cost < best.cost { best = (offset, pitch, bend, cost) }
                }
            }
        }
        return (0...count).map { i -> Double in
            let k = Double(i)
            return best.offset + k * best.pitch + best.bend * k * k
        }
    }

    /// The column profile at a fractional position, linearly interpolated (0 outside).
    static func ink(_ profile: [Double], at x: Double) -> Double {
        guard x >= 0, x < Double(profile.count - 1) else { return 0 }
        let i = Int(x), t = x - Double(i)
        return profile[i] * (1 - t) + profile[i + 1] * t
    }

    /// A grid of even pitch near `period`, its first cell at the first ink or its last cell at
    /// the last ink, whichever crosses less ink over the visible span.
    static func fitAnchoredGrid(profile: [Double], first: Double, last: Double, count: Int, period: Double) -> [Double]? {
        // More ink than `count` cells at this period can hold: the line has more characters.
        guard Double(count) * period >= last - first - 0.5 * period else { return nil }
        var best = (offset: first, pitch: period, cost: Double.infinity)
        for p in 0...12 {
            let pitch = period * (0.97 + 0.005 * Double(p))
            for o in 0...16 {
                let shift = pitch * (0.02 + 0.03 * Double(o))
                for offset in [first - shift, last + shift - Double(count) * pitch] {
                    var cost = 0.0, counted = 0.0
                    for i in 0...count {
                        let x = offset + Double(i) * pitch
                        guard x >= first - pitch, x <= last + pitch else { continue }
                        cost += ink(profile, at: x); counted += 1
                    }
                    guard counted >= 4 else { continue }
                    cost /= counted
                    if cost < best.cost { best = (offset, pitch, cost) }
                }
            }
        }
        return (0...count).map { best.offset + Double($0) * best.pitch }
    }

    /// The print's period: the lag, between 0.75 and 1.3 text heights (OCR-B's pitch is about
    /// its cap height), at which the column profile best matches itself.
    static func period(of profile: [Double], from first: Int, to last: Int, near height: Double) -> Double? {
        let lo = max(2, Int(0.75 * height)), hi = Int(1.3 * height)
        guard last - first > 4 * hi else { return nil }
        let values = profile[first...last]
        let mean = values.reduce(0, +) / Double(values.count)
        var scores: [Double] = []
        for lag in lo...hi {
            var sum = 0.0
            for x in first...(last - lag) { sum += (profile[x] - mean) * (profile[x + lag] - mean) }
            scores.append(sum / Double(last - lag - first + 1))
        }
        guard let k = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[k] > 0 else { return nil }
        // Parabolic refinement of the peak.
        var lag = Double(lo + k)
        if k > 0, k < scores.count - 1 {
            let a = scores[k - 1], b = scores[k], c = scores[k + 1], d = a - 2 * b + c
            if d < 0 { lag += 0.5 * (a - c) / d }
        }
        return lag
    }

    /// The rows from the capitals' top to the baseline: the contiguous run of rows around the
    /// densest one that carry at least a quarter of its ink. Where that run is taller than
    /// `tallest` rows (print set close above or below runs into it), the share asked of a row
    /// rises, up to a half, until the run fits.
    static func band(of mask: InkMask, tallest: Double = .infinity) -> (top: Int, bottom: Int)? {
        var rows = [Int](repeating: 0, count: mask.height)
        for y in 0..<mask.height {
            let row = y * mask.width
            var n = 0
            for x in 0..<mask.width { n += Int(mask.bits[row + x]) }
            rows[y] = n
        }
        // The densest row near the middle (the neighbouring MRZ lines may show at the edges).
        let middle = mask.height / 2, reach = mask.height / 3
        guard let peakRow = (max(0, middle - reach)...min(mask.height - 1, middle + reach)).max(by: { rows[$0] < rows[$1] }),
              rows[peakRow] > 0 else { return nil }
        var top = peakRow, bottom = peakRow
        for share in [4, 3, 2] {
            let floor = max(1, rows[peakRow] / share)
            top = peakRow; bottom = peakRow
            while top > 0, rows[top - 1] >= floor { top -= 1 }
            while bottom < mask.height - 1, rows[bottom + 1] >= floor { bottom += 1 }
            if Double(bottom + 1 - top) <= tallest { break }
        }
        return bottom - top >= 2 ? (top, bottom) : nil
    }

    /// How tall a line's text band may be, in the located line's heights, before neighbouring
    /// print is taken to run into it.
    static let tallestBand = 1.5

    /// How far the glyphs lean: the horizontal shift per row (positive when a stroke runs right
    /// as it goes down) that makes the text band's ink fall into the sharpest columns, between
    /// ±0.45 (about ±24°); 0 when the band has too little ink to tell.
    static func slant(of mask: InkMask, top: Int, bottom: Int) -> Double {
        let w = mask.width, centre = Double(top + bottom) / 2
        // The ink's columns, row by row (`starts[i]` is where row `top + i` begins in `columns`).
        var columns: [Int32] = [], starts: [Int] = [0]
        for y in top...bottom {
            let row = y * w
            for x in 0..<w where mask.bits[row + x] == 1 { columns.append(Int32(x)) }
            starts.append(columns.count)
        }
        guard columns.count >= 50 else { return 0 }
        let steps = 18, stepSize = 0.05, margin = 32
        var profile = [Int32](repeating: 0, count: w + 2 * margin)
        /// How sharply the ink falls into columns at lean step `k` (of half `stepSize`).
        func score(_ k: Int) -> Double {
            let lean = Double(k) * stepSize / 2
            for i in profile.indices { profile[i] = 0 }
            profile.withUnsafeMutableBufferPointer { profile in
                columns.withUnsafeBufferPointer { columns in
                    for i in 0..<(starts.count - 1) where starts[i] < starts[i + 1] {
                        // Where the stroke through each ink pixel of the row crosses the band's
                        // centre row: the row's whole shift, rounded once.
                        let shift = Int((-lean * (Double(top + i) - centre)).rounded()) + margin
                        let first = Int(columns[starts[i]]) + shift, last = Int(columns[starts[i + 1] - 1]) + shift
                        if first >= 0, last < profile.count {
                            for j in starts[i]..<starts[i + 1] { profile[Int(columns[j]) &+ shift] &+= 1 }
                        } else {
                            for j in starts[i]..<starts[i + 1] {
                                let x = Int(columns[j]) + shift
                                if x >= 0, x < profile.count { profile[x] &+= 1 }
                            }
                        }
                    }
                }
            }
            return profile.reduce(0.0) { $0 + Double($1) * Double($1) }
        }
        // Every other step first, then the two steps beside the best of those: the score is smooth
        // over a step, and the fine steps around the peak are still all looked at.
        var scores = [Double?](repeating: nil, count: 2 * steps + 1)
        for k in stride(from: -steps, through: steps, by: 2) { scores[k + steps] = score(k) }
        guard let coarse = stride(from: 0, through: 2 * steps, by: 2).max(by: { scores[$0]! < scores[$1]! }) else { return 0 }
        for i in [coarse - 1, coarse + 1] where scores.indices.contains(i) { scores[i] = score(i - steps) }
        let best = (max(0, coarse - 1)...min(scores.count - 1, coarse + 1)).max { scores[$0]! < scores[$1]! }!
        var lean = Double(best - steps) * stepSize / 2
        // Every step beside the best has a score: its neighbours are the coarse steps, or beside the best coarse one.
        if best > 0, best < scores.count - 1 {
            let a = scores[best - 1]!, b = scores[best]!, c = scores[best + 1]!, d = a - 2 * b + c
            if d < 0 { lean += 0.5 * (a - c) / d * stepSize / 2 }
        }
        return lean
    }

    /// The columns of the line's straightened image (see ``straighten(_:line:slant:)``, `size`
    /// its width and height) that sample inside `gray` (and inside `picture`, where it holds real
    /// pixels) on every one of `rows`; `nil` when none do.
    static func visibleColumns(of line: TextLine, slant: Double, in gray: Image, picture: Quadrilateral? = nil,
                               size: (width: Int, height: Int), rows: [Int]) -> ClosedRange<Double>? {
        let map = StraightenedLineMap(line: line, slant: slant, height: size.height)
        let maxX = Double(gray.width - 1), maxY = Double(gray.height - 1)
        var first: Int?, last: Int?
        for u in 0..<size.width {
            let inside = rows.allSatisfy { v in
                let x = map.x(u, v), y = map.y(atX: x, v)
                return x >= 0 && x <= maxX && y >= 0 && y <= maxY && (picture?.contains(Point(x: x, y: y)) ?? true)
            }
            if inside {
                if first == nil { first = u }
                last = u
            }
        }
        guard let first, let last else { return nil }
        return Double(first)...Double(last + 1)
    }

    /// The line resampled along its centre line: a band 2.6 text heights tall, the text
    /// horizontal, with 0.6 text heights of margin at both ends. A `slant` (see
    /// ``slant(of:top:bottom:)``) is taken out: each row is sampled shifted by it.
    static func straighten(_ gray: Image, line: TextLine, slant: Double = 0) -> Image? {
        let h = max(4.0, line.height)
        let outW = Int((line.width + 1.2 * h).rounded()), outH = max(8, Int((2.6 * h).rounded()))
        guard outW > 8, gray.width > 1, gray.height > 1 else { return nil }
        var out = Image(width: outW, height: outH, format: .gray)
        let w = gray.width, maxX = Double(w - 1), maxY = Double(gray.height - 1)
        let map = StraightenedLineMap(line: line, slant: slant, height: outH)
        let gh = gray.height
        // 16.16 fixed point: along a row x steps by exactly one pixel (so its fraction, the
        // horizontal weight, stays put) and y by the slope.
        let one = 65536.0, limitX = (w - 1) << 16, limitY = (gh - 1) << 16
        let stepY = Int((line.slope * one).rounded())
        gray.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                // Row by row: reads and writes run along memory.
                for v in 0..<outH {
                    let row = dst + v * outW
                    let x = map.x(0, v), y = map.y(atX: x, v)
                    guard abs(x) < 1e7, abs(y) < 1e7 else {
                        for u in 0..<outW { row[u] = sample(src, u, v) }
                        continue
                    }
                    var fx = Int((x * one).rounded(.down)), fy = Int((y * one).rounded(.down))
                    for u in 0..<outW {
                        // Pixels whose four taps lie inside the picture; the edges take the exact path.
                        if fx >= 0, fx < limitX, fy >= 0, fy < limitY {
                            let wx = fx & 0xFFFF, wy = fy & 0xFFFF
                            let p = src + ((fy >> 16) &* w &+ (fx >> 16))
                            let a = Int(p[0]), c = Int(p[w])
                            let top = a &<< 16 &+ (Int(p[1]) &- a) &* wx
                            let bottom = c &<< 16 &+ (Int(p[w &+ 1]) &- c) &* wx
                            row[u] = UInt8(truncatingIfNeeded: (top &<< 16 &+ (bottom &- top) &* wy &+ (1 << 31)) >> 32)
                        } else {
                            row[u] = sample(src, u, v)
                        }
                        fx &+= 65536
                        fy &+= stepY
                    }
                }
            }
        }
        /// Pixel (`u`, `v`) with its position clamped to the picture.
        func sample(_ src: UnsafePointer<UInt8>, _ u: Int, _ v: Int) -> UInt8 {
            let x = max(0, min(maxX, map.x(u, v)))
            let ix = min(w - 2, Int(x)), tx = x - Double(ix)
            let y = max(0, min(maxY, map.y(atX: x, v)))
            let iy = min(gh - 2, Int(y)), ty = y - Double(iy)
            let i = iy * w + ix
            let top = Double(src[i]) * (1 - tx) + Double(src[i + 1]) * tx
            let bottom = Double(src[i + w]) * (1 - tx) + Double(src[i + w + 1]) * tx
            return UInt8(max(0, min(255, top + (bottom - top) * ty + 0.5)))
        }
        return out
    }
}

/// Where pixel (`u`, `v`) of a line's straightened image (see
/// ``MRZLineSegmenter/straighten(_:line:slant:)``) samples the source: 0.6 text heights before the
/// line's start, shifted by the slant away from the middle row, on the centre line moved by the
/// row's distance from the middle. Straightening and the test of which columns lie in the
/// picture share it, so they cannot disagree.
struct StraightenedLineMap {
    let line: TextLine
    let slant: Double
    /// The source x of column 0 on the middle row.
    let x0: Double
    /// The middle row of the straightened image.
    let middle: Double

    init(line: TextLine, slant: Double, height: Int) {
        self.line = line
        self.slant = slant
        x0 = line.minX - 0.6 * max(4.0, line.height)
        middle = Double(height) / 2
    }

    /// The source x of pixel (`u`, `v`).
    @inline(__always) func x(_ u: Int, _ v: Int) -> Double { x0 + Double(u) + slant * (Double(v) - middle) }

    /// The source y of row `v` at source x `x`.
    @inline(__always) func y(atX x: Double, _ v: Int) -> Double { line.intercept + line.slope * x - middle + Double(v) }
}
