import PapersImaging

/// One MRZ line straightened and cut into its fixed-pitch character cells.
struct SegmentedLine: Sendable {
    /// The line, straightened, gray, dark text on light.
    var image: Image
    /// The top of the capitals and the baseline in `image`.
    var top: Double
    var bottom: Double
    /// The left edge of the first cell and the pitch.
    var offset: Double
    var pitch: Double
    /// The number of cells.
    var count: Int
    /// How much ink the cell boundaries cross, relative to the average column (lower is cleaner).
    var boundaryInk: Double

    /// The centre of cell `index`.
    func centerX(_ index: Int) -> Double { offset + (Double(index) + 0.5) * pitch }
}

/// Straightens one located MRZ line and fits the fixed-pitch grid of its `count` characters.
enum MRZLineSegmenter {
    /// Cuts the line inside `box` of `gray` (packed gray, full resolution) into `count` cells.
    /// Returns `nil` when the box holds no usable line.
    static func segment(_ gray: Image, box: PixelBox, count: Int) -> SegmentedLine? {
        guard let straight = straighten(gray, box: box) else { return nil }
        let h = max(4.0, box.height)
        let mask = InkMask(gray: straight, radius: max(4, Int(h)))
        guard let (top, bottom) = band(of: mask) else { return nil }

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
        guard let first = inked.first, let last = inked.last, last - first > count * 2 else { return nil }

        let grid = fitGrid(profile: profile, first: Double(first), last: Double(last + 1), count: count)
        let mean = profile[first...last].reduce(0, +) / Double(last - first + 1)
        return SegmentedLine(image: straight, top: Double(top), bottom: Double(bottom + 1),
                             offset: grid.offset, pitch: grid.pitch, count: count,
                             boundaryInk: grid.cost / max(1e-9, mean))
    }

    /// The grid (first boundary, pitch) whose `count + 1` boundaries cross the least ink while
    /// the cells cover the inked span `first..<last`.
    static func fitGrid(profile: [Double], first: Double, last: Double, count: Int) -> (offset: Double, pitch: Double, cost: Double) {
        let n = Double(count)
        // A glyph is about 0.7 pitch wide, so the span is about (n − 0.3) pitches.
        let estimate = (last - first) / (n - 0.3)
        func ink(at x: Double) -> Double {
            guard x >= 0, x < Double(profile.count - 1) else { return 0 }
            let i = Int(x), t = x - Double(i)
            return profile[i] * (1 - t) + profile[i + 1] * t
        }
        var best = (offset: first - 0.15 * estimate, pitch: estimate, cost: Double.infinity)
        for p in 0...30 {
            let pitch = estimate * (0.94 + 0.004 * Double(p))
            for o in 0...16 {
                let offset = first - pitch * (0.02 + 0.03 * Double(o))
                // The grid must reach past the last ink.
                guard offset + n * pitch >= last - 0.1 * pitch else { continue }
                var cost = 0.0
                for i in 0...count { cost += ink(at: offset + Double(i) * pitch) }
                // Slight preference for the span-based estimate, so flat profiles stay centred.
                cost /= n + 1
                cost += abs(pitch - estimate) / estimate * 0.5
                if cost < best.cost { best = (offset, pitch, cost) }
            }
        }
        return best
    }

    /// The rows from the capitals' top to the baseline: the contiguous run of rows around the
    /// densest one that carry at least a quarter of its ink.
    static func band(of mask: InkMask) -> (top: Int, bottom: Int)? {
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
        let floor = max(1, rows[peakRow] / 4)
        var top = peakRow, bottom = peakRow
        while top > 0, rows[top - 1] >= floor { top -= 1 }
        while bottom < mask.height - 1, rows[bottom + 1] >= floor { bottom += 1 }
        return bottom - top >= 2 ? (top, bottom) : nil
    }

    /// The line region resampled so that the text runs horizontally: the ink's vertical centre
    /// is fitted as a straight line across the box and the region re-cut along it.
    static func straighten(_ gray: Image, box: PixelBox) -> Image? {
        let h = max(4.0, box.height)
        let x0 = max(0, Int(box.x - 0.6 * h)), x1 = min(gray.width, Int(box.x + box.width + 0.6 * h))
        let y0 = max(0, Int(box.y - 0.8 * h)), y1 = min(gray.height, Int(box.y + box.height + 0.8 * h))
        guard x1 - x0 > 8, y1 - y0 > 4, let region = gray.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)?.packed
        else { return nil }
        let mask = InkMask(gray: region, radius: max(4, Int(h)))

        // Ink centre per chunk of columns, then a least-squares line through them.
        let chunk = max(4, Int(h))
        var sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, sw = 0.0
        let innerTop = Int(box.y) - y0, innerBottom = min(mask.height, innerTop + Int(box.height) + 1)
        var cx = 0
        while cx < mask.width {
            var n = 0.0, yy = 0.0
            for y in max(0, innerTop)..<max(max(0, innerTop), innerBottom) {
                for x in cx..<min(mask.width, cx + chunk) where mask.bits[y * mask.width + x] == 1 {
                    n += 1; yy += Double(y)
                }
            }
            if n >= Double(chunk) {
                let x = Double(cx) + Double(chunk) / 2, y = yy / n
                sx += n * x; sy += n * y; sxx += n * x * x; sxy += n * x * y; sw += n
            }
            cx += chunk
        }
        guard sw > 0 else { return nil }
        let denominator = sw * sxx - sx * sx
        let slope = denominator > 1e-9 ? max(-0.1, min(0.1, (sw * sxy - sx * sy) / denominator)) : 0
        let intercept = (sy - slope * sx) / sw

        // Resample a band 2.6 line heights tall centred on the fitted line.
        let outH = max(8, Int((2.6 * h).rounded())), outW = region.width
        var out = Image(width: outW, height: outH, format: .gray)
        region.pixels.withUnsafeBufferPointer { src in
            for y in 0..<outH {
                for x in 0..<outW {
                    let sy = intercept + slope * Double(x) + Double(y) - Double(outH) / 2
                    let fy = max(0, min(Double(region.height - 1), sy))
                    let iy = min(region.height - 2, Int(fy)), t = fy - Double(iy)
                    if region.height < 2 {
                        out.pixels[y * outW + x] = src[x]
                    } else {
                        let a = Double(src[iy * outW + x]), b = Double(src[(iy + 1) * outW + x])
                        out.pixels[y * outW + x] = UInt8(max(0, min(255, a + (b - a) * t + 0.5)))
                    }
                }
            }
        }
        return out
    }
}
