import PapersImaging
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
