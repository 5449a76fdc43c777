import PapersImaging

extension FaceMatcher {
    /// How well the fine detail of two aligned face chips of one size correlates, from -1 to 1.
    ///
    /// Each chip is turned gray and its 5×5 local mean is taken away, leaving the detail (skin
    /// texture, hair, print and compression noise); the detail inside the chips' central area is
    /// correlated. Two photos of one person differ in lighting, pose and expression, so their
    /// detail correlates weakly; a face cut from the other's picture, even resampled or
    /// recompressed, correlates close to 1. Chips of different sizes correlate 0.
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

    /// The gray image less its 5×5 local mean (clipped at the edges), row by row.
    private static func detail(of image: Image) -> [Double] {
        let gray = image.grayscale()
        let (w, h) = (gray.width, gray.height)
        var values = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { values[y * w + x] = Double(gray.pixels[gray.offset(x: x, y: y)]) }
        }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0, count = 0.0
                for yy in max(0, y - 2)...min(h - 1, y + 2) {
                    for xx in max(0, x - 2)...min(w - 1, x + 2) { sum += values[yy * w + xx]; count += 1 }
                }
                out[y * w + x] = values[y * w + x] - sum / count
            }
        }
        return out
    }
}
