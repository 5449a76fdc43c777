extension Image {
    /// What a warp puts where its quadrilateral reaches past the image.
    public enum Outside: Sendable, Hashable {
        /// The nearest edge pixel, so that no dark border appears that could look like print.
        case nearestEdge
        /// Black, as ``Image/warped(from:width:height:)`` does.
        case black
    }

    /// The inside of `quad` straightened into a `width`×`height` gray image, converting colour
    /// while sampling (bilinear, 8-bit weights), so that no full-size gray copy of the frame is
    /// needed. Samples outside the image are filled as `outside` says (the nearest edge pixel by
    /// default). `scale` divides `quad` first (a quad found on a frame `scale` times larger than
    /// this image).
    public func warpedGray(from quad: Quadrilateral, scale: Double = 1, width outWidth: Int, height outHeight: Int,
                           outside: Outside = .nearestEdge) -> Image? {
        warpedGray(from: quad, scale: scale, width: outWidth, height: outHeight, outside: outside, laneWalk: BuildTarget.avx512)
    }

    /// ``warpedGray(from:scale:width:height:outside:)`` with the walk chosen (tests compare both):
    /// `laneWalk` walks eight positions in vector lanes (see `grayInteriorLaneWalk`; the same
    /// pixels), which pays where eight 64-bit lanes and their products fit one register (AVX-512);
    /// with narrower vectors the lanes are split and the products emulated, and the scalar walk
    /// is faster.
    func warpedGray(from quad: Quadrilateral, scale: Double = 1, width outWidth: Int, height outHeight: Int,
                    outside: Outside = .nearestEdge, laneWalk: Bool) -> Image? {
        let corners = quad.corners.map { Point(x: ($0.x + 0.5) / scale - 0.5, y: ($0.y + 0.5) / scale - 0.5) }
        guard let walk = WarpWalk(onto: corners, width: outWidth, height: outHeight) else { return nil }
        let c = channels, stride = bytesPerRow
        let shift = WarpWalk.fractionBits
        let limitX = (width - 1) << shift, limitY = (height - 1) << shift
        // The spans cover every output pixel, and each is written (black ones too), so the
        // pixels are not zeroed first.
        let out = [UInt8](unsafeUninitializedCapacity: outWidth * outHeight) { target, initialized in
            initialized = outWidth * outHeight
            pixels.withUnsafeBufferPointer { source in
                guard let dst = target.baseAddress else { return }
                guard let src = source.baseAddress else {
                    dst.initialize(repeating: 0, count: target.count)
                    return
                }
                walk.forEachSpan { row, columns, span in
                    let line = dst + row * outWidth
                    // Most spans lie wholly inside the image, away from its last row and column: no clamping.
                    if WarpWalk.isInterior(span, limitX: limitX, limitY: limitY) {
                        if c == 1 {
                            Self.grayInterior(src, stride: stride, into: line, columns: columns, span: span, laneWalk: laneWalk)
                        } else {
                            Self.colourInterior(src, stride: stride, channels: c, into: line, columns: columns, span: span)
                        }
                        return
                    }
                    let black = outside == .black
                    var walk = span
                    for ox in columns {
                        let fx = walk.x, fy = walk.y
                        walk.advance()
                        if black, fx < 0 || fy < 0 || fx > limitX || fy > limitY {
                            line[ox] = 0
                            continue
                        }
                        let cx = fx < 0 ? 0 : (fx > limitX ? limitX : fx), cy = fy < 0 ? 0 : (fy > limitY ? limitY : fy)
                        let wx = (cx >> WarpWalk.weightShift) & 255, wy = (cy >> WarpWalk.weightShift) & 255
                        let dx = cx < limitX ? c : 0, dy = cy < limitY ? stride : 0
                        let p = src + (cy >> shift) * stride + (cx >> shift) * c
                        let (a, b, cc, d): (Int, Int, Int, Int)
                        if c == 1 {
                            (a, b, cc, d) = (Int(p[0]), Int(p[dx]), Int(p[dy]), Int(p[dy + dx]))
                        } else {
                            (a, b, cc, d) = (Self.gray(p), Self.gray(p + dx), Self.gray(p + dy), Self.gray(p + dy + dx))
                        }
                        let top = a &* (256 &- wx) &+ b &* wx, bottom = cc &* (256 &- wx) &+ d &* wx
                        let value = top &* (256 &- wy) &+ bottom &* wy  // ×65536 (×2^24 for colour)
                        line[ox] = c == 1 ? UInt8(truncatingIfNeeded: (value &+ 32768) >> 16)
                            : UInt8(truncatingIfNeeded: (value &+ (1 << 23)) >> 24)
                    }
                }
            }
        }
        return Image(width: outWidth, height: outHeight, format: .gray, pixels: out)
    }

    /// Gray of a colour pixel, ×256 (BT.601 weights).
    @inline(__always)
    private static func gray(_ q: UnsafePointer<UInt8>) -> Int {
        77 &* Int(q[0]) &+ 150 &* Int(q[1]) &+ 29 &* Int(q[2])
    }

    /// One span of a gray warp whose taps all lie inside the image.
    @inline(__always)
    private static func grayInterior(_ src: UnsafePointer<UInt8>, stride: Int, into line: UnsafeMutablePointer<UInt8>,
                                     columns: Range<Int>, span: WarpWalk.Span, laneWalk: Bool) {
        // A straight walk (a turn, or slight perspective) is its own loop, without the steps' growth.
        switch (laneWalk, span.isLinear) {
        case (true, true): grayInteriorLaneWalk(src, stride: stride, into: line, columns: columns, span: span, accelerating: false)
        case (true, false): grayInteriorLaneWalk(src, stride: stride, into: line, columns: columns, span: span, accelerating: true)
        case (false, true): grayInteriorScalarWalk(src, stride: stride, into: line, columns: columns, span: span, accelerating: false)
        case (false, false): grayInteriorScalarWalk(src, stride: stride, into: line, columns: columns, span: span, accelerating: true)
        }
    }

    /// The gray interior loop, eight output pixels at a time, for AVX-512 (eight 64-bit lanes
    /// in one register, and their products). The eight positions are walked in vector lanes,
    /// eight columns a step (the integers of the pixel-by-pixel walk: each lane moves by the sum
    /// of the eight steps after it, which grows by 64 accelerations a step), so the weights and
    /// tap addresses come out of the lanes at once; only the loads are made one by one. The
    /// pixels are interpolated together (``storeEight(tops:bottoms:wxs:wys:into:)``).
    @inline(__always)
    private static func grayInteriorLaneWalk(_ src: UnsafePointer<UInt8>, stride: Int, into line: UnsafeMutablePointer<UInt8>,
                                             columns: Range<Int>, span: WarpWalk.Span, accelerating: Bool) {
        var walk = span
        var ox = columns.lowerBound
        let raw = UnsafeRawPointer(src)
        if ox &+ 8 <= columns.upperBound {
            // Lane k holds the position of column ox + k, and moves by the eight steps from its own.
            var xs = SIMD8<Int>(), ys = SIMD8<Int>()
            var lanes = walk
            for lane in 0..<8 {
                xs[lane] = lanes.x
                ys[lane] = lanes.y
                lanes.advance(accelerating: accelerating)
            }
            // The eight steps from column n sum to 8·s(n) + 28·a, with s(n) = s(0) + n·a.
            let ramp = SIMD8<Int>(0, 1, 2, 3, 4, 5, 6, 7)
            let (ax, ay) = accelerating ? (walk.accelerationX, walk.accelerationY) : (0, 0)
            var moveX = SIMD8(repeating: 8 &* walk.stepX &+ 28 &* ax) &+ ramp &* SIMD8(repeating: 8 &* ax)
            var moveY = SIMD8(repeating: 8 &* walk.stepY &+ 28 &* ay) &+ ramp &* SIMD8(repeating: 8 &* ay)
            let growX = SIMD8<Int>(repeating: 64 &* ax), growY = SIMD8<Int>(repeating: 64 &* ay)
            let strides = SIMD8<Int>(repeating: stride), mask = SIMD8<Int>(repeating: 255)
            var done = 0
            while ox &+ 8 <= columns.upperBound {
                let wxs = SIMD8<UInt16>(truncatingIfNeeded: (xs &>> WarpWalk.weightShift) & mask)
                let wys = SIMD8<Int32>(truncatingIfNeeded: (ys &>> WarpWalk.weightShift) & mask)
                let offsets = (ys &>> WarpWalk.fractionBits) &* strides &+ (xs &>> WarpWalk.fractionBits)
                var tops = SIMD8<UInt16>(), bottoms = SIMD8<UInt16>()
                for lane in 0..<8 {
                    tops[lane] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offsets[lane], as: UInt16.self))
                    bottoms[lane] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offsets[lane] &+ stride, as: UInt16.self))
                }
                storeEight(tops: tops, bottoms: bottoms, wxs: wxs, wys: wys, into: line + ox)
                xs &+= moveX
                ys &+= moveY
                moveX &+= growX
                moveY &+= growY
                ox &+= 8
                done &+= 8
            }
            // The scalar walk at the first column left: its position is lane 0's, its step s(done).
            walk.x = xs[0]
            walk.y = ys[0]
            if accelerating {
                walk.stepX &+= done &* walk.accelerationX
                walk.stepY &+= done &* walk.accelerationY
            }
        }
        grayTail(src, stride: stride, into: line, columns: ox..<columns.upperBound, walk: walk, accelerating: accelerating)
    }

    /// The gray interior loop, eight output pixels at a time, for narrower vectors: the walk and
    /// the tap addresses stay scalar, and the pixels are interpolated together
    /// (``storeEight(tops:bottoms:wxs:wys:into:)``).
    @inline(__always)
    private static func grayInteriorScalarWalk(_ src: UnsafePointer<UInt8>, stride: Int, into line: UnsafeMutablePointer<UInt8>,
                                               columns: Range<Int>, span: WarpWalk.Span, accelerating: Bool) {
        var walk = span
        var ox = columns.lowerBound
        let raw = UnsafeRawPointer(src)
        while ox &+ 8 <= columns.upperBound {
            var tops = SIMD8<UInt16>(), bottoms = SIMD8<UInt16>(), wxs = SIMD8<UInt16>(), wys = SIMD8<UInt16>()
            for lane in 0..<8 {
                wxs[lane] = UInt16(truncatingIfNeeded: walk.x >> WarpWalk.weightShift) & 255
                wys[lane] = UInt16(truncatingIfNeeded: walk.y >> WarpWalk.weightShift) & 255
                let offset = (walk.y >> WarpWalk.fractionBits) &* stride &+ (walk.x >> WarpWalk.fractionBits)
                walk.advance(accelerating: accelerating)
                tops[lane] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
                bottoms[lane] = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ stride, as: UInt16.self))
            }
            storeEight(tops: tops, bottoms: bottoms, wxs: wxs, wys: SIMD8<Int32>(truncatingIfNeeded: wys), into: line + ox)
            ox &+= 8
        }
        grayTail(src, stride: stride, into: line, columns: ox..<columns.upperBound, walk: walk, accelerating: accelerating)
    }

    /// Eight output pixels from their tap pairs (a pixel and its right neighbour, one 16-bit
    /// load, low byte first as on every platform Papers runs on) in the row above and below and
    /// their weights, interpolated as the pixel-by-pixel formula of ``grayTail`` does: a row's interpolation,
    /// 256·a + w·(b − a), lies in 0…65280, so 16-bit lanes that wrap give it exactly, and the
    /// vertical step is taken in 32 bits.
    @inline(__always)
    private static func storeEight(tops: SIMD8<UInt16>, bottoms: SIMD8<UInt16>, wxs: SIMD8<UInt16>, wys: SIMD8<Int32>,
                                   into out: UnsafeMutablePointer<UInt8>) {
        let a = tops & 255, b = tops &>> 8, c = bottoms & 255, d = bottoms &>> 8
        let top = SIMD8<Int32>(truncatingIfNeeded: a &<< 8 &+ (b &- a) &* wxs)
        let bottom = SIMD8<Int32>(truncatingIfNeeded: c &<< 8 &+ (d &- c) &* wxs)
        let value = (top &<< 8 &+ (bottom &- top) &* wys &+ 32768) &>> 16
        UnsafeMutableRawPointer(out).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: value), as: SIMD8<UInt8>.self)
    }

    /// The last columns of an interior span, one pixel at a time along `walk`.
    @inline(__always)
    private static func grayTail(_ src: UnsafePointer<UInt8>, stride: Int, into line: UnsafeMutablePointer<UInt8>,
                                 columns: Range<Int>, walk: WarpWalk.Span, accelerating: Bool) {
        var walk = walk
        for ox in columns {
            let wx = (walk.x >> WarpWalk.weightShift) & 255, wy = (walk.y >> WarpWalk.weightShift) & 255
            let p = src + ((walk.y >> WarpWalk.fractionBits) &* stride &+ (walk.x >> WarpWalk.fractionBits))
            walk.advance(accelerating: accelerating)
            // a·(256 − w) + b·w written as 256·a + w·(b − a): the same integers, half the products.
            let a = Int(p[0]), c = Int(p[stride])
            let top = a &<< 8 &+ (Int(p[1]) &- a) &* wx
            let bottom = c &<< 8 &+ (Int(p[stride &+ 1]) &- c) &* wx
            line[ox] = UInt8(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* wy &+ 32768) >> 16)
        }
    }

    /// One span of a colour-to-gray warp whose taps all lie inside the image.
    @inline(__always)
    private static func colourInterior(_ src: UnsafePointer<UInt8>, stride: Int, channels c: Int, into line: UnsafeMutablePointer<UInt8>,
                                       columns: Range<Int>, span: WarpWalk.Span) {
        var walk = span
        for ox in columns {
            let wx = (walk.x >> WarpWalk.weightShift) & 255, wy = (walk.y >> WarpWalk.weightShift) & 255
            let p = src + ((walk.y >> WarpWalk.fractionBits) &* stride &+ (walk.x >> WarpWalk.fractionBits) &* c)
            walk.advance()
            // Gray of each tap (×256), then interpolate: the same as interpolating first.
            let a = gray(p), d = gray(p + stride)
            let top = a &<< 8 &+ (gray(p + c) &- a) &* wx
            let bottom = d &<< 8 &+ (gray(p + stride + c) &- d) &* wx
            line[ox] = UInt8(truncatingIfNeeded: (top &<< 8 &+ (bottom &- top) &* wy &+ (1 << 23)) >> 24)
        }
    }
}
