import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

@Suite("MRZ line segmenter")
struct MRZLineSegmenterTests {
    /// A light band with `count` dark glyph-like blocks (two strokes and a bar) whose strokes
    /// lean by `lean` pixels per row, centred on row 30 of a 60-row image.
    static func leaningLine(lean: Double, count: Int = 24, pitch: Int = 16) -> Image {
        let width = 40 + count * pitch, height = 60
        var image = Image(width: width, height: height, format: .gray)
        for i in image.pixels.indices { image.pixels[i] = 215 }
        for k in 0..<count {
            let left = 20 + k * pitch
            for y in 20..<40 {
                let shift = Int((lean * Double(y - 30)).rounded())
                for x in [left, left + 1, left + 9, left + 10] + (y == 29 || y == 30 ? Array(left...(left + 10)) : []) {
                    image.pixels[y * width + x + shift] = 40
                }
            }
        }
        return image
    }

    @Test("a line's length is told by whether its characters fill the ink at the print's period", arguments: [36, 44])
    func lengthFromPeriod(count: Int) throws {
        let image = Self.leaningLine(lean: 0, count: count)
        let line = TextLine(minX: 20, maxX: Double(20 + count * 16), intercept: 30, slope: 0, height: 20)
        let prepared = try #require(MRZLineSegmenter.prepare(image, line: line))
        #expect(prepared.period != nil)
        #expect(prepared.spansEvenly(count: count))
        #expect(!prepared.spansEvenly(count: count == 36 ? 44 : 36))
    }

    @Test("the lean of the glyphs is measured, either way and upright", arguments: [0.0, 0.25, -0.2])
    func slant(lean: Double) throws {
        let image = Self.leaningLine(lean: lean)
        let mask = InkMask(gray: image, radius: 12)
        let band = try #require(MRZLineSegmenter.band(of: mask))
        #expect(abs(MRZLineSegmenter.slant(of: mask, top: band.top, bottom: band.bottom) - lean) < 0.04)
    }

    @Test("straightening samples the line's map bilinearly, to within a gray level, edges of the photo included")
    func straightenedSamples() throws {
        var random = SeededRandom(seed: 17)
        let (width, height) = (300, 120)
        var image = Image(width: width, height: height, format: .gray)
        for i in image.pixels.indices { image.pixels[i] = UInt8.random(in: 0...255, using: &random) }
        for _ in 0..<40 {
            // Lines inside the photo and lines running past its edges, tilted and slanted.
            let minX = Double.random(in: -40...150, using: &random)
            let line = TextLine(minX: minX, maxX: minX + Double.random(in: 60...260, using: &random),
                                intercept: Double.random(in: -10...130, using: &random), slope: Double.random(in: -0.2...0.2, using: &random),
                                height: Double.random(in: 6...30, using: &random))
            let slant = Double.random(in: -0.4...0.4, using: &random)
            let straight = try #require(MRZLineSegmenter.straighten(image, line: line, slant: slant))
            let map = StraightenedLineMap(line: line, slant: slant, height: straight.height)
            var worst = 0
            for v in 0..<straight.height {
                for u in 0..<straight.width {
                    let x = max(0, min(Double(width - 1), map.x(u, v)))
                    let y = max(0, min(Double(height - 1), map.y(atX: x, v)))
                    let ix = min(width - 2, Int(x)), iy = min(height - 2, Int(y))
                    let tx = x - Double(ix), ty = y - Double(iy)
                    func at(_ x: Int, _ y: Int) -> Double { Double(image.pixels[y * width + x]) }
                    let top = at(ix, iy) * (1 - tx) + at(ix + 1, iy) * tx
                    let bottom = at(ix, iy + 1) * (1 - tx) + at(ix + 1, iy + 1) * tx
                    let expected = Int((top + (bottom - top) * ty).rounded())
                    worst = max(worst, abs(Int(straight.pixels[v * straight.width + u]) - expected))
                }
            }
            #expect(worst <= 1, "line \(line), slant \(slant)")
        }
    }

    @Test("straightening with the measured lean stands the glyphs upright")
    func straightenUpright() throws {
        let image = Self.leaningLine(lean: 0.3)
        let line = TextLine(minX: 20, maxX: Double(image.width - 20), intercept: 29.5, slope: 0, height: 20)
        let upright = try #require(MRZLineSegmenter.straighten(image, line: line, slant: 0.3))
        let mask = InkMask(gray: upright, radius: 12)
        let band = try #require(MRZLineSegmenter.band(of: mask))
        #expect(abs(MRZLineSegmenter.slant(of: mask, top: band.top, bottom: band.bottom)) < 0.04)
        let leaning = try #require(MRZLineSegmenter.straighten(image, line: line))
        let leaningMask = InkMask(gray: leaning, radius: 12)
        let leaningBand = try #require(MRZLineSegmenter.band(of: leaningMask))
        #expect(MRZLineSegmenter.slant(of: leaningMask, top: leaningBand.top, bottom: leaningBand.bottom) > 0.25)
    }

    @Test("the grid follows a pitch that grows by a fifth along the line (strong perspective)")
    func strongPerspective() throws {
        // Cell boundaries of 44 characters: pitch 16.8 at the start, 20 at the end.
        let truth: [Double] = (0...44).map { (k: Int) -> Double in
            let i = Double(k)
            return 25 + 16.8 * i + 0.0366 * i * i
        }
        var profile = [Double](repeating: 0, count: 900)
        for x in Int(truth[0] + 1)..<Int(truth[44] - 2) { profile[x] = 14 }
        for b in truth { for x in Int(b) - 1...Int(b) + 1 where x >= 0 && x < profile.count { profile[x] = 0 } }
        let first = Double(profile.firstIndex { $0 > 0 }!), last = Double(profile.lastIndex { $0 > 0 }! + 1)
        let grid = try #require(MRZLineSegmenter.fitGrid(profile: profile, first: first, last: last, count: 44, period: nil))
        for (found, expected) in zip(grid, truth).dropFirst().dropLast() {
            #expect(abs(found - expected) < 1.5)
        }
    }

    @Test("cells past the edge of the photo, or outside its picture, are not visible")
    func cutOff() throws {
        // The line runs 120 pixels past the right edge of the image.
        let image = Self.leaningLine(lean: 0)
        let line = TextLine(minX: 20, maxX: Double(image.width + 100), intercept: 29.5, slope: 0, height: 20)
        let columns = try #require(MRZLineSegmenter.visibleColumns(of: line, slant: 0, in: image,
                                                                   size: (image.width + 150, 52), rows: [16, 36]))
        // Straightened column u samples x = minX − 0.6·height + u = u + 8.
        #expect(abs(columns.upperBound - Double(image.width - 8)) <= 1)
        let segmented = SegmentedLine(image: image, top: 16, bottom: 36, boundaries: [0, 100, Double(image.width), 500],
                                      visible: columns)
        #expect(segmented.isVisible(0))
        #expect(!segmented.isVisible(2))
        // A picture ending at x = 200 cuts the line there instead.
        let picture = Quadrilateral(corners: [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 60), Point(x: 0, y: 60)])!
        let inPicture = try #require(MRZLineSegmenter.visibleColumns(of: line, slant: 0, in: image, picture: picture,
                                                                     size: (image.width + 150, 52), rows: [16, 36]))
        #expect(abs(inPicture.upperBound - 193) <= 1)
    }
}
