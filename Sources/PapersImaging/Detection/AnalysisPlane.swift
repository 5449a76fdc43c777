/// A gray image at analysis scale: (part of) the frame shrunk by a whole factor, made in one
/// pass from RGB or gray pixels.
struct AnalysisPlane: Sendable {
    /// The shrunk gray image.
    let image: Image
    /// The colour frame the plane was made from, kept (shared, not copied) for `chroma()`.
    private let colourFrame: Image?
    /// Input pixels per analysis pixel.
    let factor: Int
    /// The input pixel at the plane's origin.
    let originX: Int
    let originY: Int

    /// Maps an analysis-plane point to input-image pixels.
    func toInput(_ p: Point) -> Point {
        Point(x: (p.x + 0.5) * Double(factor) - 0.5 + Double(originX), y: (p.y + 0.5) * Double(factor) - 0.5 + Double(originY))
    }

    /// Shrinks `frame` by the whole factor that brings its longer side nearest to `targetSide`.
    init(frame: Image, targetSide: Int = 480) {
        let longest = max(frame.width, frame.height)
        self.init(frame: frame, factor: max(1, Int((Double(longest) / Double(targetSide)).rounded())))
    }

    /// The colourfulness (max − min of R, G, B) at the plane's scale, for a colour frame: it
    /// separates a pastel card from a white desk where their brightness is the same. Made on
    /// request (most frames never need it), from every pixel of blocks under 4 and a spread 2×2
    /// grid of samples of larger ones.
    func chroma() -> Image? {
        guard let frame = colourFrame else { return nil }
        let k = factor, c = frame.channels, stride = frame.bytesPerRow
        let width = image.width, height = image.height
        var out = [UInt8](repeating: 0, count: width * height)
        frame.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                if k >= 4 {
                    Self.spreadColour(src, count: source.count, stride: stride, channels: c, origin: (originX, originY), factor: k,
                                      into: dst, width: width, height: height)
                    return
                }
                // Blocks under 4: every pixel.
                let count = UInt32(k * k)
                for oy in 0..<height {
                    for ox in 0..<width {
                        var spread: UInt32 = 0
                        for dy in 0..<k {
                            let line = src + (originY + oy * k + dy) * stride + (originX + ox * k) * c
                            for dx in 0..<k { spread &+= Self.spread(line + dx * c) }
                        }
                        dst[oy * width + ox] = UInt8(truncatingIfNeeded: (spread &+ count / 2) / count)
                    }
                }
            }
        }
        return Image(width: width, height: height, format: .gray, pixels: out)
    }

    /// Shrinks a region of `frame` (the whole frame by default) by a whole factor, converting to gray.
    ///
    /// Each analysis pixel averages its whole block: a sparser sample of the block would make a
    /// large frame's plane noisier than a small frame's, and the corners found on it worse.
    ///
    /// `columns`, when given, is the span of columns to make in each output row (for a region
    /// only a straightening will read, the part of each row its quadrilateral covers); the rest
    /// stays black. Only the fine path (factors 1 and 2 of a colour frame) narrows rows.
    init(frame: Image, factor k: Int, region: (x: Int, y: Int, width: Int, height: Int)? = nil,
         columns: [Range<Int>]? = nil) {
        factor = k
        let rx = max(0, region?.x ?? 0), ry = max(0, region?.y ?? 0)
        let rw = min(frame.width - rx, region?.width ?? frame.width), rh = min(frame.height - ry, region?.height ?? frame.height)
        originX = rx
        originY = ry
        let outWidth = max(1, rw / k), outHeight = max(1, rh / k)
        let c = frame.channels
        let stride = frame.bytesPerRow
        colourFrame = c >= 3 && region == nil ? frame : nil
        // Every path below writes every pixel (the fine path zeroes what lies outside its
        // columns), so the pixels are not zeroed first.
        let out = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight) { target, initialized in
            initialized = outWidth * outHeight
            frame.pixels.withUnsafeBufferPointer { source in
                guard let dst = target.baseAddress else { return }
                guard let src = source.baseAddress else {
                    dst.initialize(repeating: 0, count: target.count)
                    return
                }
                if k <= 2, c >= 3 {
                    // Straightening a document at (or near) full resolution: gray of the region only.
                    Self.shrinkColourFine(src, stride: stride, channels: c, origin: (rx, ry), factor: k,
                                          into: dst, width: outWidth, height: outHeight, columns: columns)
                    return
                }
                if c >= 3 {
                    // The common case (a colour camera frame), in row loops the compiler vectorises.
                    Self.shrinkColourBlocks(src, stride: stride, channels: c, origin: (rx, ry), factor: k,
                                            into: dst, width: outWidth, height: outHeight)
                    return
                }
                // A gray frame: the mean of each block.
                let count = UInt32(k * k)
                for oy in 0..<outHeight {
                    let row = dst + oy * outWidth
                    for ox in 0..<outWidth {
                        var sum: UInt32 = 0
                        for dy in 0..<k {
                            let line = src + (ry + oy * k + dy) * stride + rx + ox * k
                            for dx in 0..<k { sum &+= UInt32(line[dx]) }
                        }
                        row[ox] = UInt8(truncatingIfNeeded: (sum &+ count / 2) / count)
                    }
                }
            }
        }
        image = Image(width: outWidth, height: outHeight, format: .gray, pixels: out)!
    }

    /// Gray of every pixel (k = 1) or of every 2×2 block (k = 2) of an RGB(A) region; the channel
    /// count is made a constant of each loop so that the compiler can vectorise it.
    private static func shrinkColourFine(_ src: UnsafePointer<UInt8>, stride: Int, channels c: Int, origin: (x: Int, y: Int),
                                         factor k: Int, into dst: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                                         columns: [Range<Int>]?) {
        // For k = 2 of RGB: the two rows' bytes summed (16 bits), then each block's channels
        // summed and weighed, in loops the compiler vectorises.
        var weights = k == 2 && c == 3 ? [UInt16](repeating: 0, count: 6 * width) : []
        @inline(__always) func run(_ c: Int) {
            for oy in 0..<height {
                let line0 = src + (origin.y + oy * k) * stride + origin.x * c
                let row = dst + oy * width
                let span = columns.map { $0[oy].clamped(to: 0..<width) } ?? 0..<width
                // Outside the row's columns the plane is black.
                row.initialize(repeating: 0, count: span.lowerBound)
                (row + span.upperBound).initialize(repeating: 0, count: width - span.upperBound)
                if k == 1 {
                    guard !span.isEmpty else { continue }
                    if c == 3 {
                        Image.grayRow3(line0 + span.lowerBound * 3, into: row + span.lowerBound, count: span.count)
                    } else {
                        Image.grayRow4(line0 + span.lowerBound * 4, into: row + span.lowerBound, count: span.count)
                    }
                } else if c == 3 {
                    guard !span.isEmpty else { continue }
                    weights.withUnsafeMutableBufferPointer { buffer in
                        let sums = buffer.baseAddress!, first = span.lowerBound * 6
                        verticalSums(line0 + first, line0 + stride + first, into: sums, count: 6 * span.count)
                        weightedPairs(sums, into: row + span.lowerBound, count: span.count)
                    }
                } else {
                    let line1 = line0 + stride
                    for ox in span {
                        let p = line0 + ox * 2 * c, q = line1 + ox * 2 * c
                        let r = UInt32(p[0]) &+ UInt32(p[c]) &+ UInt32(q[0]) &+ UInt32(q[c])
                        let g = UInt32(p[1]) &+ UInt32(p[c + 1]) &+ UInt32(q[1]) &+ UInt32(q[c + 1])
                        let b = UInt32(p[2]) &+ UInt32(p[c + 2]) &+ UInt32(q[2]) &+ UInt32(q[c + 2])
                        row[ox] = UInt8(truncatingIfNeeded: (77 &* r &+ 150 &* g &+ 29 &* b &+ 512) >> 10)
                    }
                }
            }
        }
        if c == 3 { run(3) } else { run(4) }
    }

    /// The sums of two rows' bytes, `count` of them: the vertical part of a block's sum, in a
    /// loop over contiguous bytes (the cheap place to shrink the data).
    @inline(never)
    private static func verticalSums(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>,
                                     into dst: UnsafeMutablePointer<UInt16>, count: Int) {
        for i in 0..<count { dst[i] = UInt16(top[i]) &+ UInt16(bottom[i]) }
    }

    /// Gray (BT.601) of `count` 2×2 blocks of RGB from their rows' sums (see
    /// ``verticalSums(_:_:into:count:)``): the channels summed first, then weighed once.
    @inline(never)
    private static func weightedPairs(_ sums: UnsafePointer<UInt16>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = sums + i &* 6
            let r = UInt32(p[0]) &+ UInt32(p[3]), g = UInt32(p[1]) &+ UInt32(p[4]), b = UInt32(p[2]) &+ UInt32(p[5])
            dst[i] = UInt8(truncatingIfNeeded: (77 &* r &+ 150 &* g &+ 29 &* b &+ 512) >> 10)
        }
    }

    /// Gray (BT.601 weights) of every k×k block of an RGB(A) frame (k ≥ 3), summing every pixel:
    /// the block's rows are added byte by byte (the first two as the half-resolution path adds
    /// its pair; 16 bits hold k·255 for k up to 257), then each
    /// column's channels are weighed, then k columns summed. The same integers as summing a block's
    /// channels first, in loops over contiguous memory.
    private static func shrinkColourBlocks(_ src: UnsafePointer<UInt8>, stride: Int, channels c: Int, origin: (x: Int, y: Int),
                                           factor k: Int, into dst: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        let columns = width * k
        let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: columns * c)
        let weighted = UnsafeMutablePointer<UInt32>.allocate(capacity: columns)
        defer { sums.deallocate(); weighted.deallocate() }
        let divisor = UInt32(k * k * 256)
        for oy in 0..<height {
            let first = src + (origin.y + oy * k) * stride + origin.x * c
            if k == 4, c == 3 {
                // A 4×4 block of RGB is three 32-bit words in each of its rows.
                fourRowWords(first, stride: stride, into: weighted, words: 3 * width)
                wordTriples(weighted, into: dst + oy * width, count: width)
                continue
            }
            if k == 4 {
                fourRowSums(first, stride: stride, into: sums, count: columns * c)
            } else {
                verticalSums(first, first + stride, into: sums, count: columns * c)
                for dy in 2..<k { addRow(first + dy * stride, into: sums, count: columns * c) }
            }
            if c == 3 { weighRow3(sums, into: weighted, count: columns) } else { weighRow4(sums, into: weighted, count: columns) }
            if k == 4 {
                blockRow4(weighted, into: dst + oy * width, count: width)
            } else {
                for ox in 0..<width {
                    var total: UInt32 = 0
                    for j in 0..<k { total &+= weighted[ox * k + j] }
                    dst[oy * width + ox] = UInt8(truncatingIfNeeded: (total &+ divisor / 2) / divisor)
                }
            }
        }
    }

    /// The sums of four rows' bytes (`stride` apart), `count` of them, in one pass: a 4×4 block's
    /// vertical part, without writing and reading back the sums of the first two rows.
    @inline(never)
    private static func fourRowSums(_ top: UnsafePointer<UInt8>, stride: Int, into dst: UnsafeMutablePointer<UInt16>, count: Int) {
        let second = top + stride, third = second + stride, fourth = third + stride
        for i in 0..<count { dst[i] = UInt16(top[i]) &+ UInt16(second[i]) &+ UInt16(third[i]) &+ UInt16(fourth[i]) }
    }

    /// The BT.601 weighted sums (×256) of four RGB rows (`stride` apart) taken as `words` 32-bit
    /// words (the low byte first, as on every platform Papers runs on): a word holds four
    /// channels, and which ones depends on its place modulo 3 (R G B R, then G B R G, then B R G B).
    /// A word's even and odd bytes are summed down the four rows in 16-bit halves (at most 4·255),
    /// then each half weighed by its channel. Three consecutive words are one row of a 4×4 block,
    /// so their sum is the block's ``weighRow3(_:into:count:)`` summed over its four columns: the
    /// same integer, without spreading bytes into 16-bit sums and gathering every third back.
    ///
    /// Forty-eight words (sixteen blocks) go at a time in vector lanes; the rest one at a time.
    @inline(never)
    static func fourRowWords(_ top: UnsafePointer<UInt8>, stride: Int, into out: UnsafeMutablePointer<UInt32>, words: Int) {
        let rows = (UnsafeRawPointer(top), UnsafeRawPointer(top + stride),
                    UnsafeRawPointer(top + 2 * stride), UnsafeRawPointer(top + 3 * stride))
        let low = SIMD16<UInt32>(repeating: 0x00FF_00FF), ten = SIMD16<UInt32>(repeating: 0x3FF)
        @inline(__always) func weighed(_ at: Int, _ w: (SIMD16<UInt32>, SIMD16<UInt32>, SIMD16<UInt32>, SIMD16<UInt32>)) -> SIMD16<UInt32> {
            let offset = 4 &* at
            let a = rows.0.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            let b = rows.1.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            let c = rows.2.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            let d = rows.3.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt32>.self)
            let even = (a & low) &+ (b & low) &+ (c & low) &+ (d & low)
            let odd = ((a &>> 8) & low) &+ ((b &>> 8) & low) &+ ((c &>> 8) & low) &+ ((d &>> 8) & low)
            // Each half is at most 1020: masked to 10 bits, the products are of 16-bit values,
            // which the compiler makes 16-bit multiply-adds (cheaper than 32-bit products, and
            // the only vector products baseline SSE2 has).
            return (even & ten) &* w.0 &+ (odd & ten) &* w.1 &+ ((even &>> 16) & ten) &* w.2 &+ ((odd &>> 16) & ten) &* w.3
        }
        // The weights of bytes 0, 1, 2 and 3 of 48 consecutive words: byte b of word w is of
        // channel (4w + b) mod 3, so each is one of three patterns (constants, so that the
        // compiler knows they fit 8 bits).
        let r = SIMD16<UInt32>(77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77)
        let g = SIMD16<UInt32>(150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150)
        let b = SIMD16<UInt32>(29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29, 77, 150, 29)
        var i = 0
        while i &+ 48 <= words {
            UnsafeMutableRawPointer(out + i).storeBytes(of: weighed(i, (r, g, b, r)), as: SIMD16<UInt32>.self)
            UnsafeMutableRawPointer(out + (i &+ 16)).storeBytes(of: weighed(i &+ 16, (g, b, r, g)), as: SIMD16<UInt32>.self)
            UnsafeMutableRawPointer(out + (i &+ 32)).storeBytes(of: weighed(i &+ 32, (b, r, g, b)), as: SIMD16<UInt32>.self)
            i &+= 48
        }
        while i < words {
            let offset = 4 &* i
            var total: UInt32 = 0
            for byte in 0..<4 {
                let weight = Self.bt601[(offset &+ byte) % 3]
                let column = UInt32(rows.0.load(fromByteOffset: offset &+ byte, as: UInt8.self))
                    &+ UInt32(rows.1.load(fromByteOffset: offset &+ byte, as: UInt8.self))
                    &+ UInt32(rows.2.load(fromByteOffset: offset &+ byte, as: UInt8.self))
                    &+ UInt32(rows.3.load(fromByteOffset: offset &+ byte, as: UInt8.self))
                total &+= weight &* column
            }
            out[i] = total
            i &+= 1
        }
    }

    /// The BT.601 weights (×256) of R, G and B.
    private static let bt601: [UInt32] = [77, 150, 29]

    /// Gray of `count` 4×4 blocks from their rows' weighted words, three per block (see
    /// ``fourRowWords(_:stride:into:words:)``).
    @inline(never)
    private static func wordTriples(_ weighted: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = weighted + i &* 3
            dst[i] = UInt8(truncatingIfNeeded: (p[0] &+ p[1] &+ p[2] &+ 2048) >> 12)
        }
    }

    /// `count` bytes added to 16-bit sums.
    @inline(never)
    private static func addRow(_ row: UnsafePointer<UInt8>, into sums: UnsafeMutablePointer<UInt16>, count: Int) {
        for i in 0..<count { sums[i] &+= UInt16(row[i]) }
    }

    /// The BT.601 weighted sum (×256) of each of `count` columns of summed RGB.
    @inline(never)
    private static func weighRow3(_ sums: UnsafePointer<UInt16>, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let p = sums + i &* 3
            out[i] = 77 &* UInt32(p[0]) &+ 150 &* UInt32(p[1]) &+ 29 &* UInt32(p[2])
        }
    }

    /// The BT.601 weighted sum (×256) of each of `count` columns of summed RGBA.
    @inline(never)
    private static func weighRow4(_ sums: UnsafePointer<UInt16>, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        for i in 0..<count {
            let p = sums + i &* 4
            out[i] = 77 &* UInt32(p[0]) &+ 150 &* UInt32(p[1]) &+ 29 &* UInt32(p[2])
        }
    }

    /// Gray of `count` 4×4 blocks from their columns' weighted sums.
    @inline(never)
    private static func blockRow4(_ weighted: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = weighted + i &* 4
            dst[i] = UInt8(truncatingIfNeeded: (p[0] &+ p[1] &+ p[2] &+ p[3] &+ 2048) >> 12)
        }
    }

    /// The colourfulness (max − min of R, G, B) averaged over 2×2 spread samples per k×k block
    /// (at k/4 and k/4 + k/2 across and down).
    ///
    /// Four blocks go at a time, each sample position's pixels of the four blocks as lanes (R, G,
    /// B in a lane's low bytes, one 32-bit load each, low byte first as on every platform Papers
    /// runs on); the rest go one at a time, with any block whose last sample's fourth byte would
    /// lie past the `count` bytes of the frame.
    private static func spreadColour(
        _ src: UnsafePointer<UInt8>, count: Int, stride: Int, channels c: Int, origin: (x: Int, y: Int), factor k: Int,
        into dst: UnsafeMutablePointer<UInt8>, width: Int, height: Int
    ) {
        let a = k / 4, b = k / 4 + k / 2
        let step = k * c, dx = (b - a) * c
        let raw = UnsafeRawPointer(src)
        for oy in 0..<height {
            let first0 = (origin.y + oy * k + a) * stride + (origin.x + a) * c
            let first1 = first0 + (b - a) * stride
            let line0 = src + first0, line1 = src + first1
            let row = dst + oy * width
            // Blocks whose every 32-bit load stays inside the frame.
            let room = count - 4 - first1 - dx
            let safe = room < 0 ? 0 : min(width, room / step + 1)
            var ox = 0
            while ox + 4 <= safe {
                @inline(__always) func lanes(_ offset: Int) -> SIMD4<UInt32> {
                    let at = offset + ox * step
                    return SIMD4(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)),
                                 UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + step, as: UInt32.self)),
                                 UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 2 * step, as: UInt32.self)),
                                 UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at + 3 * step, as: UInt32.self)))
                }
                let values = (spread(lanes(first0)) &+ spread(lanes(first0 + dx)) &+ spread(lanes(first1))
                    &+ spread(lanes(first1 + dx)) &+ 2) &>> 2
                UnsafeMutableRawPointer(row + ox).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: values), as: SIMD4<UInt8>.self)
                ox += 4
            }
            while ox < width {
                let p0 = line0 + ox * step, p2 = line1 + ox * step
                row[ox] = UInt8(truncatingIfNeeded: (spread(p0) &+ spread(p0 + dx) &+ spread(p2) &+ spread(p2 + dx) &+ 2) / 4)
                ox += 1
            }
        }
    }

    /// The spread (max − min) of one RGB pixel.
    @inline(__always)
    private static func spread(_ p: UnsafePointer<UInt8>) -> UInt32 {
        let r = UInt32(p[0]), g = UInt32(p[1]), b = UInt32(p[2])
        return max(r, g, b) &- min(r, g, b)
    }

    /// Each lane's sample (R, G, B in its low bytes) to its spread: the bytes' maximum and
    /// minimum over the lane moved down by none, one and two bytes, low byte kept.
    @inline(__always)
    private static func spread(_ v: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let r = unsafeBitCast(v, to: SIMD16<UInt8>.self), g = unsafeBitCast(v &>> 8, to: SIMD16<UInt8>.self)
        let b = unsafeBitCast(v &>> 16, to: SIMD16<UInt8>.self)
        // Selections rather than `pointwiseMax`/`pointwiseMin`, which the compiler leaves as calls.
        @inline(__always) func most(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> { x.replacing(with: y, where: y .> x) }
        @inline(__always) func least(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> { x.replacing(with: y, where: y .< x) }
        let difference = most(most(r, g), b) &- least(least(r, g), b)
        return unsafeBitCast(difference, to: SIMD4<UInt32>.self) & 255
    }
}
