extension Image {
    /// A (2·radius+1)² box blur of a gray image, edges clamped: running sums along rows, then
    /// down columns. Radii up to 128 (the row sums are 16-bit).
    public func boxBlurred(radius r: Int) -> Image {
        precondition(channels == 1 && (0...128).contains(r), "a box blur takes a gray image and a radius of 0 to 128")
        let w = width, h = height
        let source = packed.pixels
        var across = [UInt16](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        let n = (2 * r + 1) * (2 * r + 1)
        // The rounded mean (c + n/2) / n as a multiply and a shift (a division per pixel is slow):
        // with 2^l ≥ n and m = ⌈2^(25+l) / n⌉, ⌊v·m / 2^(25+l)⌋ = ⌊v / n⌋ for every v under 2^25
        // (Granlund and Montgomery), and v ≤ 255·n + n/2 stays under it for n up to 257².
        let l = Int.bitWidth - (n - 1).leadingZeroBitCount
        let divisor = (multiplier: ((1 << (25 + l)) + n - 1) / n, shift: 25 + l)
        source.withUnsafeBufferPointer { sourceBuffer in
            UnsafeBuffers.with(&across, &out) { acrossBuffer, outBuffer in
                guard let src = sourceBuffer.baseAddress, let a = acrossBuffer.baseAddress,
                      let o = outBuffer.baseAddress else { return }
                for y in 0..<h {
                    let row = src + y * w, sums = a + y * w
                    var sum = 0
                    for dx in -r...r { sum += Int(row[min(w - 1, max(0, dx))]) }
                    sums[0] = UInt16(sum)
                    for x in 1..<max(1, w) {
                        sum += Int(row[min(w - 1, x + r)]) - Int(row[max(0, x - r - 1)])
                        sums[x] = UInt16(sum)
                    }
                }
                var column = [Int](repeating: 0, count: w)
                column.withUnsafeMutableBufferPointer { columnBuffer in
                    guard let c = columnBuffer.baseAddress else { return }
                    for dy in -r...r {
                        let row = a + min(h - 1, max(0, dy)) * w
                        for x in 0..<w { c[x] += Int(row[x]) }
                    }
                    for y in 0..<h {
                        if y > 0 {
                            let entering = a + min(h - 1, y + r) * w, leaving = a + max(0, y - r - 1) * w
                            for x in 0..<w { c[x] += Int(entering[x]) - Int(leaving[x]) }
                        }
                        let line = o + y * w
                        for x in 0..<w { line[x] = UInt8(truncatingIfNeeded: ((c[x] &+ n / 2) &* divisor.multiplier) &>> divisor.shift) }
                    }
                }
            }
        }
        return Image(width: w, height: h, format: .gray, pixels: out)!
    }

    /// The gray image sharpened by unsharp masking: each pixel moves away from its neighbourhood's
    /// mean by `amount` times its difference from it, clamped to 0…255. The neighbourhood is three
    /// box blurs of `radius` (close to a Gaussian of σ = √(radius·(radius + 1)), 2.45 for radius 2).
    ///
    /// A mildly blurred barcode's narrow bars and spaces regain the contrast a binarizer needs.
    /// `amount` is 0 to 64; `radius` as in ``boxBlurred(radius:)``.
    public func unsharpMasked(radius: Int, amount: Double) -> Image {
        precondition((0...64).contains(amount), "an unsharp mask's amount is 0 to 64")
        let blurred = boxBlurred(radius: radius).boxBlurred(radius: radius).boxBlurred(radius: radius)
        let source = packed.pixels
        let gain = Int32((amount * 256).rounded())
        var out = [UInt8](repeating: 0, count: width * height)
        for i in out.indices {
            let p = Int32(source[i])
            let v = p + (gain * (p - Int32(blurred.pixels[i])) + 128) >> 8
            out[i] = UInt8(clamping: v)
        }
        return Image(width: width, height: height, format: .gray, pixels: out)!
    }
}
