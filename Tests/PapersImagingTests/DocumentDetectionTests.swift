import Foundation
@testable import PapersImaging
import PapersImagingCodecs
@testable import PapersSynthesis
import Testing

/// The pieces of document detection that the capture tests reach only through whole photos:
/// the region look of the coarse detection and documents running out of the frame.
@Suite("Document detection")
struct DocumentDetectionTests {
    /// A coarse view: a checked residue (period 4, ±`ripple` levels around `level`) with a
    /// rotated rectangle of `inside` drawn on it; returns the view and the rectangle's corners.
    static func coarseView(level: UInt8 = 120, ripple: Int = 8, inside: UInt8 = 60, degrees: Double = 12) -> (Image, Quadrilateral) {
        let (hw, hh) = (26.0, 14.0)
        return turnedScene(width: 110, height: 62, centre: (55, 31), halfSize: (hw, hh), degrees: degrees) { x, y, u, v in
            let checker = ((x / 2) + (y / 2)) % 2 == 0 ? ripple : -ripple
            return abs(u) <= hw && abs(v) <= hh ? inside : UInt8(Int(level) + checker)
        }
    }

    /// A gray scene of a rectangle (half sides `halfSize`) turned by `degrees` about `centre`:
    /// `shade` gives each pixel from its position (`x`, `y`) and its coordinates (`u`, `v`) along
    /// the rectangle's axes from its centre; returns the scene and the rectangle's corners.
    static func turnedScene(width w: Int, height h: Int, centre: (x: Double, y: Double), halfSize: (Double, Double),
                            degrees: Double, shade: (Int, Int, Double, Double) -> UInt8) -> (Image, Quadrilateral) {
        let angle = degrees * .pi / 180
        let (cx, cy) = centre, (hw, hh) = halfSize
        let corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { (x, y) in
            Point(x: cx + x * cos(angle) - y * sin(angle), y: cy + x * sin(angle) + y * cos(angle))
        }
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let (px, py) = (Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
                pixels[y * w + x] = shade(x, y, px * cos(angle) + py * sin(angle), -px * sin(angle) + py * cos(angle))
            }
        }
        return (Image(width: w, height: h, format: .gray, pixels: pixels)!, Quadrilateral(corners: corners)!)
    }

    @Test("a card's top and bottom prolonged to a dark line of the table beyond it make no document", arguments: [-14.0, 0, 9])
    func noOverreach(degrees: Double) throws {
        // A bright card on a gray table, a dark straight seam in the table to the card's right,
        // parallel to the card's short sides: the card's long sides prolonged to the seam frame a
        // larger quadrilateral whose sides are mostly backed (by the card) and have one polarity.
        let (hw, hh) = (170.0, 107.0)
        let seam = 390.0  // the seam's distance along the card's long axis from the card's centre
        let (frame, truth) = Self.turnedScene(width: 960, height: 540, centre: (330, 270), halfSize: (hw, hh), degrees: degrees) { _, _, u, v in
            abs(u) <= hw && abs(v) <= hh ? 225 : (abs(u - seam) <= 6 ? 35 : 125)
        }
        let found = try #require(DocumentDetector.detect(in: frame))
        #expect(found.quad.intersectionOverUnion(with: truth) >= 0.9)
    }

    @Test("a prolongation of only 8% of the side, past a rounded corner's reach, is judged too", arguments: [-14.0, 0, 11])
    func shortOverreach(degrees: Double) throws {
        // The seam's near edge 8.5% of the card's long side beyond its short side: the outline
        // prolonged to it differs from the card by IoU 0.92, so only the corners tell them apart.
        let (hw, hh) = (170.0, 107.0)
        let seam = hw + 0.085 * 2 * hw + 6
        let (frame, truth) = Self.turnedScene(width: 960, height: 540, centre: (330, 270), halfSize: (hw, hh), degrees: degrees) { _, _, u, v in
            abs(u) <= hw && abs(v) <= hh ? 225 : (abs(u - seam) <= 6 ? 35 : 125)
        }
        let found = try #require(DocumentDetector.detect(in: frame))
        #expect(found.quad.intersectionOverUnion(with: truth) >= 0.99, "\(found.quad.corners) for \(truth.corners)")
    }

    @Test("a side found along a block of text moves out, over the even margin, to the page's faint edge")
    func outToMargin() throws {
        // A white page (236) on a white desk (226, a faint edge), text from 16 pixels inside its
        // top, left and right sides down to its bottom; the outline found along the text's edge.
        let (w, h) = (320, 240), page = (x0: 60, y0: 40, x1: 260, y1: 200), text = 16
        var pixels = [UInt8](repeating: 226, count: w * h)
        for y in page.y0..<page.y1 {
            for x in page.x0..<page.x1 {
                let inText = x >= page.x0 + text && x < page.x1 - text && y >= page.y0 + text
                let ink = inText && ((x / 2) + (y / 2)) % 2 == 0
                pixels[y * w + x] = ink ? 60 : 236
            }
        }
        let edges = EdgeMap(try #require(Image(width: w, height: h, format: .gray, pixels: pixels)))
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Quadrilateral {
            Quadrilateral(Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1))
        }
        let truth = rect(Double(page.x0) - 0.5, Double(page.y0) - 0.5, Double(page.x1) - 0.5, Double(page.y1) - 0.5)
        let onText = rect(Double(page.x0 + text) - 0.5, Double(page.y0 + text) - 0.5, Double(page.x1 - text) - 0.5, Double(page.y1) - 0.5)
        let moved = MarginExtension.extended(onText, edges: edges)
        #expect(moved.intersectionOverUnion(with: truth) >= 0.97, "\(moved.corners)")
        // The page's own outline stays: its sides have an even margin inside.
        let kept = MarginExtension.extended(truth, edges: edges)
        #expect(zip(kept.corners, truth.corners).allSatisfy { $0.distance(to: $1) < 0.01 })
    }

    @Test("a rectangle stopping at a rule printed across the page gives way to the page, whose sides go on past the rule")
    func pastPrintedRule() throws {
        // A white page on a gray table, a dark rule across it at 80% of its height: the rectangle
        // above the rule shares three of the page's lines.
        let (w, h) = (480, 300)
        let page = (x0: 120, y0: 30, x1: 330, y1: 270), rule = 222
        var pixels = [UInt8](repeating: 110, count: w * h)
        for y in page.y0..<page.y1 {
            for x in page.x0..<page.x1 { pixels[y * w + x] = abs(y - rule) <= 2 ? 40 : 230 }
        }
        let image = try #require(Image(width: w, height: h, format: .gray, pixels: pixels))
        func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Quadrilateral {
            Quadrilateral(Point(x: Double(x0), y: Double(y0)), Point(x: Double(x1), y: Double(y0)),
                          Point(x: Double(x1), y: Double(y1)), Point(x: Double(x0), y: Double(y1)))
        }
        let edges = EdgeMap(image)
        let candidates = QuadSearch.candidates(lines: HoughLines.detect(edges), edges: edges)
        let upper = rect(page.x0, page.y0, page.x1, rule - 2)
        let choice = try #require(candidates.max { $0.quad.intersectionOverUnion(with: upper) < $1.quad.intersectionOverUnion(with: upper) })
        #expect(choice.quad.intersectionOverUnion(with: upper) >= 0.9)
        let chosen = QuadSearch.enclosing(choice, among: candidates)
        #expect(chosen.quad.intersectionOverUnion(with: rect(page.x0, page.y0, page.x1, page.y1)) >= 0.9)
    }

    @Test("a card that stands out of a blurred checked cloth is found as a region", arguments: [0.0, 12, -25, 40])
    func regionFound(degrees: Double) throws {
        let (view, truth) = Self.coarseView(degrees: degrees)
        let found = CoarseDetection.region(in: view)
        #expect(found != nil)
        let region = try #require(found)
        #expect(region.quad.intersectionOverUnion(with: truth) >= 0.9)
        #expect(region.fill >= 0.85)
    }

    @Test("a brighter card is found too (both polarities are tried)")
    func brighterRegion() throws {
        let (view, truth) = Self.coarseView(level: 90, inside: 200)
        let found = CoarseDetection.region(in: view)
        #expect(found != nil)
        let region = try #require(found)
        #expect(region.quad.intersectionOverUnion(with: truth) >= 0.9)
    }

    @Test("a coarse side snaps to the card's edge, whose margin is even, not to the cloth's line beside it")
    func snapToEvenMargin() throws {
        // A light card on a checked cloth of 8-pixel squares (200 and 110): against the light
        // squares its edge is faint, against the dark ones strong; the cloth's lines 4 pixels
        // outside each side have edges of both polarities all along, and squares on both sides.
        let (w, h) = (240, 160), card = (x0: 60, y0: 44, x1: 180, y1: 116)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let onCard = x >= card.x0 && x < card.x1 && y >= card.y0 && y < card.y1
                let printed = x >= 90 && x < 150 && y >= 64 && y < 96 && (x / 3 + y / 5) % 2 == 0
                pixels[y * w + x] = onCard ? (printed ? 60 : 185) : ((x / 8 + y / 8) % 2 == 0 ? 200 : 110)
            }
        }
        let edges = EdgeMap(try #require(Image(width: w, height: h, format: .gray, pixels: pixels)))
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Quadrilateral {
            Quadrilateral(Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1))
        }
        // The coarse guess lies on the cloth's lines, 4 pixels outside the card.
        let guess = rect(56, 40, 184, 120)
        let snapped = try #require(CoarseDetection.snap(guess, edges: edges, reach: 8))
        let truth = rect(Double(card.x0) - 0.5, Double(card.y0) - 0.5, Double(card.x1) - 0.5, Double(card.y1) - 0.5)
        for (found, expected) in zip(snapped.corners, truth.corners) {
            #expect(found.distance(to: expected) <= 2.5, "\(found) for \(expected)")
        }
        // The cloth's lines, even backed, are not the sides: no margin there is even.
        #expect(CoarseDetection.insideDeviation(of: guess, gray: edges) > 5 * CoarseDetection.insideDeviation(of: truth, gray: edges))
    }

    @Test("print running close to one side (a passport's MRZ) does not make a document's margin uneven")
    func printNearOneSide() throws {
        // A page (230) on a desk (120), two lines of dense print from 2 to 12 pixels above its bottom side.
        let (w, h) = (240, 160), page = (x0: 40, y0: 30, x1: 200, y1: 130)
        var pixels = [UInt8](repeating: 120, count: w * h)
        for y in page.y0..<page.y1 {
            for x in page.x0..<page.x1 {
                let inPrint = y >= page.y1 - 12 && y < page.y1 - 2 && x >= page.x0 + 6 && x < page.x1 - 6
                pixels[y * w + x] = inPrint && ((x / 2) + (y / 2)) % 2 == 0 ? 40 : 230
            }
        }
        let edges = EdgeMap(try #require(Image(width: w, height: h, format: .gray, pixels: pixels)))
        let quad = Quadrilateral(Point(x: 39.5, y: 29.5), Point(x: 199.5, y: 29.5), Point(x: 199.5, y: 129.5), Point(x: 39.5, y: 129.5))
        // Below the deviation the coarse look forgives (15); the bottom side's own band is not.
        #expect(CoarseDetection.insideDeviation(of: quad, gray: edges) < 15)
        let bottom = MarginExtension.sample(edges, mid: Point(x: 119.5, y: 129.5), direction: 0, nx: 0, ny: -1, offset: 0,
                                            positions: MarginExtension.samplePositions(length: 160))
        #expect(bottom.inside > 15)
    }

    @Test("the colourfulness look does not shrink an outline found whole by brightness to a box inside it")
    func colourLookKeepsOutline() throws {
        func candidate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> QuadSearch.Candidate {
            let quad = Quadrilateral(Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1))
            return QuadSearch.Candidate(quad: quad, lines: [], coverage: 0.5, area: quad.area, bandContrast: 20, channel: 0)
        }
        let (w, h) = (400.0, 240.0)
        let card = candidate(80, 40, 320, 200), portrait = candidate(100, 60, 170, 150)
        #expect(QuadSearch.afterColourLook(portrait, brightnessChoice: card, width: w, height: h)?.quad == card.quad)
        // A larger find, one beside the outline, or an outline reaching out of the frame: the colour look's choice stands.
        let larger = candidate(40, 20, 360, 230), beside = candidate(330, 40, 390, 100), reaching = candidate(-60, 40, 320, 200)
        #expect(QuadSearch.afterColourLook(larger, brightnessChoice: card, width: w, height: h)?.quad == larger.quad)
        #expect(QuadSearch.afterColourLook(beside, brightnessChoice: card, width: w, height: h)?.quad == beside.quad)
        #expect(QuadSearch.afterColourLook(portrait, brightnessChoice: reaching, width: w, height: h)?.quad == portrait.quad)
        #expect(QuadSearch.afterColourLook(nil, brightnessChoice: card, width: w, height: h) == nil)
    }

    @Test("a card whose corner reaches the frame's edge is still found as a region")
    func regionAtEdge() throws {
        // The card's lowest corner lies about a pixel past the bottom edge of the 62-pixel view.
        let (hw, hh) = (26.0, 14.0)
        let (view, truth) = Self.turnedScene(width: 110, height: 62, centre: (55, 44), halfSize: (hw, hh), degrees: 12) { x, y, u, v in
            abs(u) <= hw && abs(v) <= hh ? 60 : UInt8(120 + (((x / 2) + (y / 2)) % 2 == 0 ? 8 : -8))
        }
        #expect(truth.corners.contains { $0.y > 62 })
        let region = try #require(CoarseDetection.region(in: view))
        #expect(region.quad.intersectionOverUnion(with: truth) >= 0.9)
    }

    @Test("an even view, or one whose only blob touches the frame's edge, has no region")
    func noRegion() {
        #expect(CoarseDetection.region(in: Image(width: 110, height: 62, format: .gray, fill: 120)) == nil)
        var pixels = [UInt8](repeating: 120, count: 110 * 62)
        for y in 0..<62 { for x in 0..<40 { pixels[y * 110 + x] = 40 } }  // a dark band along the left edge
        #expect(CoarseDetection.region(in: Image(width: 110, height: 62, format: .gray, pixels: pixels)!) == nil)
    }

    @Test("the smallest enclosing rectangle of a rotated rectangle's hull is that rectangle")
    func enclosingRectangle() throws {
        let (_, truth) = Self.coarseView(degrees: 30)
        let hull = CoarseDetection.convexHull(truth.corners + [Point(x: 55, y: 31), Point(x: 60, y: 30)])
        #expect(hull.count == 4)
        let rectangle = try #require(CoarseDetection.smallestEnclosingRectangle(hull))
        #expect(abs(rectangle.area - truth.area) < 1)
        #expect(rectangle.intersectionOverUnion(with: truth) > 0.99)
    }

    @Test("the visible part of a document running out of the frame stops at the frame's edge")
    func visiblePart() {
        // Corners 0 and 1 (the inferred side, from corner 0 to corner 1) lie below a 100×100 frame.
        let quad = Quadrilateral(Point(x: 70, y: 140), Point(x: 20, y: 140), Point(x: 20, y: 40), Point(x: 70, y: 40))
        let visible = QuadSearch.visiblePart(of: quad, inferredSide: 0, width: 100, height: 100)
        #expect(visible.isInside(width: 100, height: 100, margin: -0.01))
        #expect(visible.corners[2] == quad.corners[2] && visible.corners[3] == quad.corners[3])
        #expect(abs(visible.corners[0].y - 99) < 0.01 && abs(visible.corners[1].y - 99) < 0.01)
        #expect(QuadSearch.visiblePart(of: quad, inferredSide: nil, width: 100, height: 100) == quad)
    }

    @Test("a passport on a checked cloth, glare over its portrait, is outlined whole, not around its print",
          arguments: [35, 148])
    func glareOverPrintOnCloth(index: Int) throws {
        // Photos of the evaluation set (`papers eval capture --seed 11`): the brightness look
        // outlines the portrait and text (their edges beat the page's, broken up by the squares)
        // and stops short of the MRZ; the coarse look finds the page.
        #expect(try Self.evaluationIoU(seed: 11, index: index, width: 1280, height: 720) >= 0.9)
    }

    /// The IoU of the document found in photo `index` of `papers eval capture --seed S --size
    /// W×H` with the truth, the photo taken as the evaluation delivers it: through JPEG at its quality.
    static func evaluationIoU(seed: UInt64, index: Int, width: Int, height: Int) throws -> Double {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = width
        configuration.height = height
        let photo = PhotoSynthesizer(configuration: configuration).photo(seed: seed, index: index)
        let frame = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
        let truth = try #require(Quadrilateral(corners: photo.truth.corners))
        return try #require(DocumentDetector.detect(in: frame)).quad.intersectionOverUnion(with: truth)
    }

    @Test("a card on a checked cloth at 1920×1080 is outlined from its colour region, reached a little further out")
    func colourRegionReachedFurtherOut() throws {
        // `papers eval capture --seed 11 --size 1920x1080`, photo 110: a pink card whose sides
        // change polarity along the red and white squares. The brightness look outlines its
        // portrait; the colourfulness region of the coarse look lies 6–8 plane pixels outside the
        // card's sides, past the first snap's reach (1.5 coarse pixels, 6 plane pixels).
        #expect(try Self.evaluationIoU(seed: 11, index: 110, width: 1920, height: 1080) >= 0.9)
    }

    @Test("glare on documents partly out of frame is measured on their visible part and reported")
    func glareOutOfFrame() {
        let synthesizer = CaptureAnalyzerTests.synthesizer(glare: true, outOfFrame: true, backgrounds: [.wood, .granite, .dark])
        var outOfFrame = 0, flagged = 0
        for index in 0..<16 {
            let photo = synthesizer.photo(seed: 21, index: index)
            guard !photo.truth.documentInFrame, (0.6...1.4).contains(photo.truth.exposureGain) else { continue }
            outOfFrame += 1
            if CaptureAnalyzer().analyze(photo.image).analysis.glareDetected { flagged += 1 }
        }
        #expect(outOfFrame >= 10)
        #expect(Double(flagged) >= 0.8 * Double(outOfFrame), "\(flagged) of \(outOfFrame)")
    }
}
