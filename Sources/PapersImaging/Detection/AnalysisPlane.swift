/// A gray image at analysis scale: (part of) the frame shrunk by a whole factor, made in one
/// pass from RGB or gray pixels.
struct AnalysisPlane: Sendable {
    /// The shrunk gray image.
    let image: Image
    /// The shrunk colourfulness (max − min of R, G, B), for colour frames: it separates a pastel
    /// card from a white desk where their brightness is the same.
    let chroma: Image?
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
        self.init(frame: frame, factor: max(1, Int((Double(longest) / Double(targetSide)).rounded())), withChroma: true)
    }

    /// Shrinks a region of `frame` (the whole frame by default) by a whole factor, converting to gray.
    ///
    /// Each analysis pixel averages its block; for factors of 4 and more a 2×2 grid of samples
    /// spread over the block stands for it, which keeps the anti-aliasing and costs a quarter.
    init(frame: Image, factor k: Int, region: (x: Int, y: Int, width: Int, height: Int)? = nil, withChroma: Bool = false) {
        factor = k
        let rx = max(0, region?.x ?? 0), ry = max(0, region?.y ?? 0)
        let rw = min(frame.width - rx, region?.width ?? frame.width), rh = min(frame.height - ry, region?.height ?? frame.height)
        originX = rx
        originY = ry
        let outWidth = max(1, rw / k), outHeight = max(1, rh / k)
        let c = frame.channels
        let stride = frame.bytesPerRow
        // Sample offsets inside a block: every pixel, or a spread 2×2 grid for large blocks.
        let offsets: [Int] = k >= 4 ? [k / 4, k / 4 + k / 2] : Array(0..<k)
        let count = UInt32(offsets.count * offsets.count)
        let divisor = count &* (c == 1 ? 1 : 256)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        let colourful = withChroma && c > 1
        var colour = [UInt8](repeating: 0, count: colourful ? outWidth * outHeight : 0)
        frame.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                colour.withUnsafeMutableBufferPointer { chromaTarget in
                    guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                    if k >= 4, c >= 3 {
                        // The common case (a colour camera frame), unrolled: 2×2 samples per block.
                        Self.shrinkColour(src, stride: stride, channels: c, origin: (rx, ry), factor: k,
                                          into: dst, chroma: colourful ? chromaTarget.baseAddress : nil,
                                          width: outWidth, height: outHeight)
                        return
                    }
                    for oy in 0..<outHeight {
                        let row = dst + oy * outWidth
                        for ox in 0..<outWidth {
                            // Sum the channels over the block, then weigh once.
                            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, spread: UInt32 = 0
                            for dy in offsets {
                                let line = src + (ry + oy * k + dy) * stride + (rx + ox * k) * c
                                for dx in offsets {
                                    let p = line + dx * c
                                    if c == 1 {
                                        r &+= UInt32(p[0])
                                    } else {
                                        let pr = UInt32(p[0]), pg = UInt32(p[1]), pb = UInt32(p[2])
                                        r &+= pr; g &+= pg; b &+= pb
                                        if colourful { spread &+= max(pr, pg, pb) &- min(pr, pg, pb) }
                                    }
                                }
                            }
                            let total = c == 1 ? r : 77 &* r &+ 150 &* g &+ 29 &* b
                            row[ox] = UInt8(truncatingIfNeeded: (total &+ divisor / 2) / divisor)
                            if colourful, let chroma = chromaTarget.baseAddress {
                                chroma[oy * outWidth + ox] = UInt8(truncatingIfNeeded: (spread &+ count / 2) / count)
                            }
                        }
                    }
                }
            }
        }
        image = Image(width: outWidth, height: outHeight, format: .gray, pixels: out)!
        chroma = !colourful ? nil : Image(width: outWidth, height: outHeight, format: .gray, pixels: colour)
    }

    /// 2×2 spread samples per k×k block of an RGB(A) frame: gray (BT.601 weights) and, when asked, chroma.
    private static func shrinkColour(_ src: UnsafePointer<UInt8>, stride: Int, channels c: Int, origin: (x: Int, y: Int),
                                     factor k: Int, into dst: UnsafeMutablePointer<UInt8>,
                                     chroma: UnsafeMutablePointer<UInt8>?, width: Int, height: Int) {
        let a = k / 4, b = k / 4 + k / 2
        let step = k * c, dx = (b - a) * c
        for oy in 0..<height {
            let line0 = src + (origin.y + oy * k + a) * stride + (origin.x + a) * c
            let line1 = line0 + (b - a) * stride
            let row = dst + oy * width
            for ox in 0..<width {
                let p0 = line0 + ox * step, p1 = p0 + dx, p2 = line1 + ox * step, p3 = p2 + dx
                let r = UInt32(p0[0]) &+ UInt32(p1[0]) &+ UInt32(p2[0]) &+ UInt32(p3[0])
                let g = UInt32(p0[1]) &+ UInt32(p1[1]) &+ UInt32(p2[1]) &+ UInt32(p3[1])
                let bl = UInt32(p0[2]) &+ UInt32(p1[2]) &+ UInt32(p2[2]) &+ UInt32(p3[2])
                row[ox] = UInt8(truncatingIfNeeded: (77 &* r &+ 150 &* g &+ 29 &* bl &+ 512) >> 10)
                if let chroma {
                    @inline(__always) func spread(_ p: UnsafePointer<UInt8>) -> UInt32 {
                        let pr = UInt32(p[0]), pg = UInt32(p[1]), pb = UInt32(p[2])
                        return max(pr, pg, pb) &- min(pr, pg, pb)
                    }
                    let spread = spread(p0) &+ spread(p1) &+ spread(p2) &+ spread(p3)
                    chroma[oy * width + ox] = UInt8(truncatingIfNeeded: (spread &+ 2) >> 2)
                }
            }
        }
    }
}
