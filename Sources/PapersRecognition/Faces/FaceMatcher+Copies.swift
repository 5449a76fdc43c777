import PapersImaging

extension FaceMatcher {
    /// How well the fine detail of two aligned face chips of one size correlates, from -1 to 1.
    ///
    /// Each chip is turned gray and band-passed: its 3×3 local mean less its 9×9 local mean keeps
    /// the detail (skin texture, hair, print and compression noise) and drops both the shading and
    /// the pixel-level noise that resampling adds. The detail inside the chips' central area is
    /// then correlated. Two photos of one person differ in lighting, pose and expression, so their
    /// detail does not correlate (about 0); a face cut from the other's picture, even resampled and
    /// recompressed, correlates clearly. Chips of different sizes correlate 0.
    public static func detailCorrelation(_ a: Image, _ b: Image) -> Double {
        guard a.width == b.width, a.height == b.height, a.width >= 16, a.height >= 16 else { return 0 }
        let da = detail(of: a), db = detail(of: b)
        let (w, h) = (a.width, a.height)
        var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0, n = 0.0
        for y in (h / 8)..<(h - h / 8) {
            for x in (w / 8)..<(w - w / 8) {
                let u = da[y * w + x], v = db[y * w + x]
                sa += u; sb += v; saa += u * u; sbb += v * v; sab += u * v; n += 1
            }
        }
        let cov = sab - sa * sb / n, va = saa - sa * sa / n, vb = sbb - sb * sb / n
        guard va > 0, vb > 0 else { return 0 }
        return cov / (va * vb).squareRoot()
    }

    /// The gray image's 3×3 local mean less its 9×9 local mean, row by row.
    private static func detail(of image: Image) -> [Double] {
        let gray = image.grayscale()
        let (w, h) = (gray.width, gray.height)
        var values = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { values[y * w + x] = Double(gray.pixels[gray.offset(x: x, y: y)]) }
        }
        let fine = boxMean(values, width: w, height: h, radius: 1)
        let coarse = boxMean(values, width: w, height: h, radius: 4)
        return zip(fine, coarse).map { $0 - $1 }
    }

    /// The mean over the (2·radius+1)² square around each pixel, clipped at the edges.
    private static func boxMean(_ values: [Double], width w: Int, height h: Int, radius r: Int) -> [Double] {
        var rows = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for xx in max(0, x - r)...min(w - 1, x + r) { sum += values[y * w + xx] }
                rows[y * w + x] = sum / Double(min(w - 1, x + r) - max(0, x - r) + 1)
            }
        }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for yy in max(0, y - r)...min(h - 1, y + r) { sum += rows[yy * w + x] }
                out[y * w + x] = sum / Double(min(h - 1, y + r) - max(0, y - r) + 1)
            }
        }
        return out
    }
}
