import PapersImaging
import PapersSynthesis
import Testing

@Suite("Image operations and geometry")
struct ImageGeometryTests {
    @Test("four quarter turns give the image back; two mirrors too")
    func rotations() {
        let image = ImageCodecTests.gradient(.rgb, width: 13, height: 7)
        let turned = image.rotated(.clockwise)
        #expect(turned.width == 7 && turned.height == 13)
        #expect(turned.rotated(.clockwise).rotated(.clockwise).rotated(.clockwise) == image)
        #expect(image.rotated(.half).rotated(.half) == image)
        #expect(image.rotated(.clockwise).rotated(.counterClockwise) == image)
        #expect(image.mirrored().mirrored() == image)
        // The top-left pixel goes to the top-right corner on a clockwise turn.
        #expect(Array(turned.pixels[(0 * 7 + 6) * 3..<(0 * 7 + 6) * 3 + 3]) == Array(image.pixels[0..<3]))
    }

    @Test("every pixel lands where each quarter turn takes it, gray and colour", arguments: [Image.PixelFormat.gray, .rgb])
    func rotationMapping(format: Image.PixelFormat) {
        let image = ImageCodecTests.gradient(format, width: 150, height: 70)  // several 64-pixel blocks
        let c = image.channels
        for rotation in Image.Rotation.allCases {
            let turned = image.rotated(rotation)
            var wrong = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let (nx, ny): (Int, Int) = switch rotation {
                    case .clockwise: (image.height - 1 - y, x)
                    case .half: (image.width - 1 - x, image.height - 1 - y)
                    case .counterClockwise: (y, image.width - 1 - x)
                    }
                    for k in 0..<c where turned.pixels[(ny * turned.width + nx) * c + k] != image.pixels[(y * image.width + x) * c + k] {
                        wrong += 1
                    }
                }
            }
            #expect(wrong == 0, "\(rotation)")
        }
    }

    @Test("grayscale is the BT.601 weighted sum of every pixel, rounded, RGB and RGBA, padded rows too",
          arguments: [Image.PixelFormat.rgb, .rgba])
    func grayscaleWeights(format: Image.PixelFormat) throws {
        var random = SeededRandom(seed: 4)
        let (width, height, c) = (45, 9, format.channels)
        let stride = width * c + 5
        let pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try #require(Image(width: width, height: height, format: format, bytesPerRow: stride, pixels: pixels))
        let gray = image.grayscale()
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = y * stride + x * c
                let expected = (77 * Int(pixels[p]) + 150 * Int(pixels[p + 1]) + 29 * Int(pixels[p + 2]) + 128) >> 8
                if Int(gray.pixels[y * width + x]) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test("grayscale, crop and area resize")
    func operations() throws {
        let white = Image(width: 8, height: 8, format: .rgb, fill: 255)
        #expect(white.grayscale().pixels.allSatisfy { $0 == 255 })
        var checker = Image(width: 8, height: 8, format: .gray)
        for y in 0..<8 { for x in 0..<8 where (x + y) % 2 == 0 { checker.pixels[y * 8 + x] = 200 } }
        let half = checker.resized(width: 4, height: 4)
        #expect(half.pixels.allSatisfy { $0 == 100 })
        let crop = try #require(checker.cropped(x: 6, y: 6, width: 5, height: 5))
        #expect(crop.width == 2 && crop.height == 2)
        #expect(checker.cropped(x: 9, y: 0, width: 2, height: 2) == nil)
        #expect(checker.fitting(maximumSide: 4).width == 4)
    }

    @Test("homography maps the four corners exactly")
    func homography() throws {
        let from = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 60), Point(x: 0, y: 60)]
        let to = [Point(x: 10, y: 20), Point(x: 130, y: 5), Point(x: 140, y: 90), Point(x: 5, y: 70)]
        let map = try #require(Homography(from: from, to: to))
        for (a, b) in zip(from, to) { #expect(map.apply(a).distance(to: b) < 1e-6) }
        #expect(Homography(from: from, to: [Point](repeating: Point(x: 1, y: 1), count: 4)) == nil)
    }

    @Test("a perspective warp straightens a drawn quadrilateral")
    func warp() throws {
        var frame = Image(width: 200, height: 150, format: .gray, fill: 20)
        let quad = Quadrilateral(Point(x: 40, y: 30), Point(x: 170, y: 40), Point(x: 160, y: 120), Point(x: 30, y: 110))
        for y in 0..<150 { for x in 0..<200 where quad.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { frame.pixels[y * 200 + x] = 220 } }
        let flat = try #require(frame.warped(from: quad, width: 100, height: 60))
        let inner = (5..<55).flatMap { y in (5..<95).map { flat.pixels[y * 100 + $0] } }
        #expect(inner.allSatisfy { $0 == 220 })
    }

    /// A smooth colour image: red along x, green along y, blue along both.
    static func smooth(width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height, format: .rgb)
        for y in 0..<height {
            for x in 0..<width {
                image.pixels[(y * width + x) * 3] = UInt8(x * 255 / (width - 1))
                image.pixels[(y * width + x) * 3 + 1] = UInt8(y * 255 / (height - 1))
                image.pixels[(y * width + x) * 3 + 2] = UInt8((x + y) * 255 / (width + height - 2))
            }
        }
        return image
    }

    /// The exact bilinear sample of channel `k` at source position (`x`, `y`).
    static func bilinear(_ image: Image, _ x: Double, _ y: Double, _ k: Int) -> Double {
        let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = x - Double(x0), fy = y - Double(y0)
        func p(_ x: Int, _ y: Int) -> Double { Double(image.pixels[y * image.bytesPerRow + x * image.channels + k]) }
        let top = p(x0, y0) + (p(x1, y0) - p(x0, y0)) * fx, bottom = p(x0, y1) + (p(x1, y1) - p(x0, y1)) * fx
        return top + (bottom - top) * fy
    }

    @Test("a colour warp in perspective matches exact bilinear sampling, and reads black outside the image")
    func colourWarp() throws {
        let image = Self.smooth(width: 160, height: 120)
        // The left corners lie outside the image.
        let quad = Quadrilateral(Point(x: -20, y: 10), Point(x: 150, y: 3), Point(x: 140, y: 115), Point(x: -10, y: 100))
        let (w, h) = (90, 70)
        let warped = try #require(image.warped(from: quad, width: w, height: h))
        #expect(warped.format == .rgb && warped.width == w && warped.height == h)
        let map = try #require(Homography(from: [Point(x: 0, y: 0), Point(x: Double(w), y: 0), Point(x: Double(w), y: Double(h)),
                                                 Point(x: 0, y: Double(h))], to: quad.corners))
        var inside = 0, outside = 0
        for v in 0..<h {
            for u in 0..<w {
                let s = map.apply(Point(x: Double(u) + 0.5, y: Double(v) + 0.5))
                let (x, y) = (s.x - 0.5, s.y - 0.5)
                if x < -0.1 || y < -0.1 {
                    outside += 1
                    for k in 0..<3 { #expect(warped.pixels[(v * w + u) * 3 + k] == 0) }
                    continue
                }
                // The sub-pixel band along the border, where rounding decides the side, is skipped.
                if x < 0.1 || y < 0.1 { continue }
                inside += 1
                for k in 0..<3 {
                    let expected = Self.bilinear(image, x, y, k)
                    #expect(abs(Double(warped.pixels[(v * w + u) * 3 + k]) - expected) <= 1.5)
                }
            }
        }
        #expect(inside > 4000 && outside > 300)
    }

    @Test("a gray warp converts colour while sampling and repeats the edge outside the image")
    func grayWarp() throws {
        let image = Self.smooth(width: 160, height: 120)
        let quad = Quadrilateral(Point(x: -30, y: 20), Point(x: 130, y: 0), Point(x: 150, y: 110), Point(x: 10, y: 119))
        let gray = try #require(image.warpedGray(from: quad, width: 80, height: 60))
        let colour = try #require(image.warped(from: quad, width: 80, height: 60))
        #expect(gray.format == .gray)
        var compared = 0
        for i in 0..<(80 * 60) {
            let (r, g, b) = (Double(colour.pixels[i * 3]), Double(colour.pixels[i * 3 + 1]), Double(colour.pixels[i * 3 + 2]))
            guard r + g + b > 0 else {
                // Black in the colour warp is outside the image: the gray warp shows the left edge there.
                #expect(gray.pixels[i] > 0)
                continue
            }
            compared += 1
            #expect(abs(Double(gray.pixels[i]) - (0.299 * r + 0.587 * g + 0.114 * b)) <= 2.5)
        }
        #expect(compared > 3000)
    }

    @Test("a gray warp that puts black outside the image writes it (its output is not zeroed first)")
    func grayWarpBlackOutside() throws {
        let image = Self.smooth(width: 160, height: 120)
        let quad = Quadrilateral(Point(x: -30, y: 20), Point(x: 130, y: 0), Point(x: 150, y: 110), Point(x: 10, y: 119))
        let colour = try #require(image.warped(from: quad, width: 80, height: 60))
        for _ in 0..<3 {
            // Freed memory full of a pattern, which the next allocation of that size is likely to reuse.
            let litter = UnsafeMutablePointer<UInt8>.allocate(capacity: 80 * 60)
            litter.initialize(repeating: 0xA5, count: 80 * 60)
            litter.deallocate()
            let gray = try #require(image.warpedGray(from: quad, width: 80, height: 60, outside: .black))
            let outside = (0..<(80 * 60)).filter { colour.pixels[$0 * 3] == 0 && colour.pixels[$0 * 3 + 1] == 0 && colour.pixels[$0 * 3 + 2] == 0 }
            #expect(outside.count > 300)
            #expect(outside.allSatisfy { gray.pixels[$0] == 0 })
        }
    }

    @Test("intersection over union")
    func iou() {
        let a = Quadrilateral(Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10))
        let b = Quadrilateral(Point(x: 5, y: 0), Point(x: 15, y: 0), Point(x: 15, y: 10), Point(x: 5, y: 10))
        #expect(abs(a.intersectionOverUnion(with: a) - 1) < 1e-9)
        #expect(abs(a.intersectionOverUnion(with: b) - 1.0 / 3) < 1e-9)
        let reversed = Quadrilateral(corners: a.corners.reversed())!
        #expect(abs(a.intersectionOverUnion(with: reversed) - 1) < 1e-9)
    }
}
