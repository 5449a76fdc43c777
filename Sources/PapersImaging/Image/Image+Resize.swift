extension Image {
    /// The image resized with area averaging (each output pixel is the mean of the input area it
    /// covers): the right filter for shrinking photos. Enlarging falls back to nearest-neighbour areas.
    public func resized(width outWidth: Int, height outHeight: Int) -> Image {
        precondition(outWidth > 0 && outHeight > 0, "a resized image has at least one pixel")
        if outWidth == width && outHeight == height { return packed }
        let c = channels
        // Fixed-point (16.16) source spans of each output column and row.
        let xScale = Double(width) / Double(outWidth)
        let yScale = Double(height) / Double(outHeight)
        let xStarts = (0...outWidth).map { min(width, Int((Double($0) * xScale).rounded(.down))) }
        let yStarts = (0...outHeight).map { min(height, Int((Double($0) * yScale).rounded(.down))) }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * c)
        var rowSums = [UInt32](repeating: 0, count: width * c)
        pixels.withUnsafeBufferPointer { source in
            UnsafeBuffers.with(&out, &rowSums) { target, buffer in
                guard let src = source.baseAddress, let dst = target.baseAddress, let sums = buffer.baseAddress else { return }
                for oy in 0..<outHeight {
                    let y0 = yStarts[oy]
                    let y1 = max(y0 + 1, yStarts[oy + 1])
                    sums.update(repeating: 0, count: width * c)
                    for y in y0..<min(y1, height) { Self.accumulate(src + y * bytesPerRow, into: sums, count: width * c) }
                    let rows = UInt32(min(y1, height) - y0)
                    for ox in 0..<outWidth {
                        let x0 = xStarts[ox]
                        let x1 = min(width, max(x0 + 1, xStarts[ox + 1]))
                        let count = rows * UInt32(x1 - x0)
                        for k in 0..<c {
                            var total: UInt32 = 0
                            var x = x0
                            while x < x1 { total &+= sums[x * c + k]; x += 1 }
                            dst[(oy * outWidth + ox) * c + k] = UInt8(truncatingIfNeeded: (total + count / 2) / count)
                        }
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: format, pixels: out)!
    }

    /// Adds `count` bytes of a row to the running column sums (a loop the compiler vectorises).
    @inline(never)
    private static func accumulate(_ row: UnsafePointer<UInt8>, into sums: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count { sums[i] &+= UInt32(row[i]) }
    }

    /// The image shrunk so that its longer side is at most `maximumSide` pixels (never enlarged).
    public func fitting(maximumSide: Int) -> Image {
        let longest = max(width, height)
        guard longest > maximumSide else { return self }
        let scale = Double(maximumSide) / Double(longest)
        return resized(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }
}
