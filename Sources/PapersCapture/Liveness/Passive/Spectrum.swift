import Foundation

/// The averaged power spectrum of square tiles (Welch's method): each tile's mean removed, a Hann
/// window applied, a 2-D FFT taken, the powers summed over tiles.
struct Spectrum {
    /// The tiles' side, a power of two.
    let size: Int
    /// Power per frequency bin, row-major, `size` × `size`, bin (0, 0) the mean.
    private(set) var power: [Double]
    /// How many tiles were added.
    private(set) var tiles = 0

    /// An empty spectrum of `size` × `size` tiles.
    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "the tile side is a power of two")
        self.size = size
        power = [Double](repeating: 0, count: size * size)
    }

    /// The power at frequency (`u`, `v`), either of them negative for the upper half.
    func at(_ u: Int, _ v: Int) -> Double {
        power[((v % size + size) % size) * size + (u % size + size) % size]
    }

    /// Adds a tile given as `size` × `size` samples, row-major.
    mutating func add(_ samples: [Double]) {
        precondition(samples.count == size * size)
        let mean = samples.reduce(0, +) / Double(samples.count)
        let window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size - 1)) }
        var re = [Double](repeating: 0, count: size * size), im = re
        for y in 0..<size {
            for x in 0..<size { re[y * size + x] = (samples[y * size + x] - mean) * window[x] * window[y] }
        }
        var rowRe = [Double](repeating: 0, count: size), rowIm = rowRe
        for y in 0..<size {
            for x in 0..<size { rowRe[x] = re[y * size + x]; rowIm[x] = im[y * size + x] }
            Self.fft(&rowRe, &rowIm)
            for x in 0..<size { re[y * size + x] = rowRe[x]; im[y * size + x] = rowIm[x] }
        }
        for x in 0..<size {
            for y in 0..<size { rowRe[y] = re[y * size + x]; rowIm[y] = im[y * size + x] }
            Self.fft(&rowRe, &rowIm)
            for y in 0..<size { power[y * size + x] += rowRe[y] * rowRe[y] + rowIm[y] * rowIm[y] }
        }
        tiles += 1
    }

    /// In-place iterative radix-2 FFT.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            let wRe = cos(angle), wIm = sin(angle)
            var start = 0
            while start < n {
                var cRe = 1.0, cIm = 0.0
                for k in 0..<(length / 2) {
                    let a = start + k, b = a + length / 2
                    let tRe = re[b] * cRe - im[b] * cIm, tIm = re[b] * cIm + im[b] * cRe
                    re[b] = re[a] - tRe; im[b] = im[a] - tIm
                    re[a] += tRe; im[a] += tIm
                    let next = cRe * wRe - cIm * wIm
                    cIm = cRe * wIm + cIm * wRe
                    cRe = next
                }
                start += length
            }
            length <<= 1
        }
    }
}
