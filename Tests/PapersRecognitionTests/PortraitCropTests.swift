import PapersImaging
@testable import PapersRecognition
import Testing

/// The portrait is found on the gray straightened document but cut in colour from the photo:
/// its box must be taken back through the straightening to the right place.
@Suite("Portrait crop")
struct PortraitCropTests {
    /// A colour photo: a grey ground, and inside `outline` a white document with a red square
    /// where the portrait would be (document coordinates 0.1…0.4 across, 0.2…0.7 down).
    static func photo(outline: Quadrilateral, width: Int, height: Int) -> Image {
        let unit = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)]
        let toDocument = Homography(from: outline.corners, to: unit)!
        var pixels = [UInt8](repeating: 90, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let p = toDocument.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                guard p.x >= 0, p.x <= 1, p.y >= 0, p.y <= 1 else { continue }
                let red = p.x >= 0.1 && p.x <= 0.4 && p.y >= 0.2 && p.y <= 0.7
                let i = (y * width + x) * 3
                (pixels[i], pixels[i + 1], pixels[i + 2]) = red ? (220, 30, 30) : (245, 245, 245)
            }
        }
        return Image(width: width, height: height, format: .rgb, pixels: pixels)!
    }

    @Test("a face found on the straightened document is cut in colour from the right place of the photo")
    func portraitComesFromThePhoto() throws {
        let outline = try #require(Quadrilateral(corners: [Point(x: 130, y: 90), Point(x: 560, y: 140),
                                                           Point(x: 530, y: 420), Point(x: 100, y: 360)]))
        let photo = Self.photo(outline: outline, width: 640, height: 480)
        let rectified = try #require(DocumentRectifier.rectifyGray(photo, quad: outline, maximumWidth: 400))
        #expect(rectified.format == .gray)
        // A face box well inside the red square once grown to head and shoulders
        // (1.8× its width, 2.3× its height).
        let w = Double(rectified.width), h = Double(rectified.height)
        let face = DetectedFace(x: 0.21 * w, y: 0.37 * h, width: 0.08 * w, height: 0.12 * h, score: 1)
        let portrait = try #require(DocumentAnalyzer.portrait(of: face, in: rectified, outline: outline, photo: photo))
        #expect(portrait.format == .rgb)
        let box = try #require(DocumentAnalyzer.portraitBox(of: face, width: rectified.width, height: rectified.height))
        #expect(portrait.width == box.x1 - box.x0 && portrait.height == box.y1 - box.y0)
        // Every pixel away from the crop's border is the square's red.
        var off = 0
        for y in 2..<(portrait.height - 2) {
            for x in 2..<(portrait.width - 2) {
                let i = (y * portrait.width + x) * 3
                if portrait.pixels[i] < 200 || portrait.pixels[i + 1] > 60 { off += 1 }
            }
        }
        #expect(off == 0)
    }

    @Test("the gray straightened document is black outside the photo, as the colour one")
    func outsideIsBlack() throws {
        let photo = Image(width: 100, height: 80, format: .rgb, fill: 200)
        let beyond = try #require(Quadrilateral(corners: [Point(x: -50, y: 0), Point(x: 100, y: 0),
                                                          Point(x: 100, y: 80), Point(x: -50, y: 80)]))
        let gray = try #require(DocumentRectifier.rectifyGray(photo, quad: beyond, maximumWidth: 150))
        let colour = try #require(DocumentRectifier.rectify(photo, quad: beyond, maximumWidth: 150))
        #expect(gray.width == colour.width && gray.height == colour.height)
        let row = gray.height / 2
        #expect(gray.pixels[row * gray.width + 10] == 0)
        #expect(gray.pixels[row * gray.width + gray.width - 10] == 200)
        #expect(colour.pixels[(row * colour.width + 10) * 3] == 0)
    }
}
