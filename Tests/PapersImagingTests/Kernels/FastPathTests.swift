import Foundation
@testable import PapersImaging
@testable import PapersSynthesis
import Testing

/// The shortcuts taken on hot paths give exactly what the plain computation gives.
@Suite("Fast paths")
struct FastPathTests {
    @Test("area resize equals the mean of each output pixel's source block, rounded")
    func resize() {
        var random = SeededRandom(seed: 3)
        for (width, height, outWidth, outHeight, channels) in [(37, 23, 10, 7, 1), (64, 48, 45, 31, 3), (200, 90, 13, 5, 3), (9, 9, 9, 4, 1)] {
            let pixels = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let image = Image(width: width, height: height, format: channels == 1 ? .gray : .rgb, pixels: pixels)!
            let out = image.resized(width: outWidth, height: outHeight)
            // Each output pixel covers the source from ⌊i·scale⌋ to ⌊(i + 1)·scale⌋ (at least one pixel).
            func start(_ i: Int, _ size: Int, _ outSize: Int) -> Int { Int((Double(i) * (Double(size) / Double(outSize))).rounded(.down)) }
            for oy in 0..<outHeight {
                let y0 = start(oy, height, outHeight), y1 = max(y0 + 1, start(oy + 1, height, outHeight))
                for ox in 0..<outWidth {
                    let x0 = start(ox, width, outWidth), x1 = max(x0 + 1, start(ox + 1, width, outWidth))
                    for k in 0..<channels {
                        var total = 0
                        for y in y0..<y1 { for x in x0..<x1 { total += Int(pixels[(y * width + x) * channels + k]) } }
                        let count = (y1 - y0) * (x1 - x0)
                        #expect(Int(out.pixels[(oy * outWidth + ox) * channels + k]) == (total + count / 2) / count)
                    }
                }
            }
        }
        // The largest sums, over areas of 16 rows by 4 to 16 columns.
        for value in [UInt8(255), 254, 1] {
            for outWidth in [16, 17, 20, 30, 60] {
                let image = Image(width: 255, height: 64, format: .gray, fill: value)
                let out = image.resized(width: outWidth, height: 4)
                #expect(out.pixels.allSatisfy { $0 == value }, "\(value) → \(outWidth) wide")
            }
        }
    }

    @Test("convexity on bare corners: every turn of the same sign, none zero")
    func convexity() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<5_000 {
            let corners = (0..<4).map { _ in Point(x: Double(Int.random(in: -50...50, using: &random)), y: Double(Int.random(in: -50...50, using: &random))) }
            let turns = (0..<4).map { i -> Double in
                let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
                return (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            }
            let convex = turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
            #expect(Quadrilateral.isConvex((corners[0], corners[1], corners[2], corners[3])) == convex)
            #expect(Quadrilateral(corners: corners)!.isConvex == convex)
        }
    }

    @Test("straightening gray from only the part of each row the quad covers equals straightening from the whole box")
    func straightenedRowSpans() throws {
        var random = SeededRandom(seed: 9)
        let (width, height) = (240, 160)
        let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try #require(Image(width: width, height: height, format: .rgb, pixels: pixels))
        for trial in 0..<60 {
            // Turned rectangles, some reaching past the image's edges.
            let cx = Double.random(in: 20...220, using: &random), cy = Double.random(in: 20...140, using: &random)
            let a = Double.random(in: -1.2...1.2, using: &random)
            let hw = Double.random(in: 30...140, using: &random), hh = Double.random(in: 20...90, using: &random)
            let corners = [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { (dx: Double, dy: Double) in
                Point(x: cx + dx * cos(a) - dy * sin(a), y: cy + dx * sin(a) + dy * cos(a))
            }
            let quad = try #require(Quadrilateral(corners: corners))
            let outWidth = trial % 3 == 0 ? 40 : 90, outHeight = 50
            for outside in [Image.Outside.nearestEdge, .black] {
                let fast = try #require(image.straightenedGray(quad, width: outWidth, height: outHeight, outside: outside))
                // The whole bounding box made gray, then warped.
                let level = max(1, Int(quad.meanWidth / Double(outWidth)))
                let xs = corners.map(\.x), ys = corners.map(\.y)
                let x0 = max(0, Int(xs.min()!) - level), y0 = max(0, Int(ys.min()!) - level)
                let x1 = min(width, Int(xs.max()!) + level + 1), y1 = min(height, Int(ys.max()!) + level + 1)
                let plane = AnalysisPlane(frame: image, factor: level, region: (x0, y0, x1 - x0, y1 - y0))
                let local = try #require(Quadrilateral(corners: corners.map { Point(x: $0.x - Double(x0), y: $0.y - Double(y0)) }))
                let plain = try #require(plane.image.warpedGray(from: local, scale: Double(level), width: outWidth, height: outHeight,
                                                                outside: outside))
                let firstDiff = zip(fast.pixels, plain.pixels).enumerated().first { $0.element.0 != $0.element.1 }.map { ($0.offset % outWidth, $0.offset / outWidth) }
                #expect(fast.pixels == plain.pixels, "trial \(trial), level \(level), \(outside) at \(String(describing: firstDiff)) quad \(corners.map { "(\(Int($0.x)),\(Int($0.y)))" }) box \(x0),\(y0),\(x1),\(y1)")
            }
        }
    }

    @Test("the analysis plane equals each block's mean of every pixel, and its colourfulness (four blocks at a time) the spread samples of each block")
    func spreadPlanes() throws {
        var random = SeededRandom(seed: 41)
        // Frames whose last sample is the last pixel (no byte past it to read), RGB and RGBA, and
        // widths that leave blocks after the last group of four (of sixteen, for RGB blocks of 4);
        // blocks of 3 (a 1280×720 frame), 4, 5 and 8.
        for (width, height, channels, factor) in [(64, 32, 3, 4), (67, 35, 3, 4), (96, 40, 4, 8), (41, 9, 3, 4), (120, 60, 3, 5),
                                                  (203, 13, 3, 4),
                                                  (50, 31, 3, 3), (48, 24, 4, 4)] {
            let pixels = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let frame = try #require(Image(width: width, height: height, format: channels == 3 ? .rgb : .rgba, pixels: pixels))
            let plane = AnalysisPlane(frame: frame, factor: factor)
            let chroma = try #require(plane.chroma())
            /// The gray (BT.601) of the mean of every pixel of block (`ox`, `oy`), rounded.
            func blockGray(_ ox: Int, _ oy: Int) -> Int {
                let block = (0..<(factor * factor)).map { j in
                    ((oy * factor + j / factor) * width + ox * factor + j % factor) * channels
                }
                let sums = (0..<3).map { channel in block.reduce(0) { $0 + Int(pixels[$1 + channel]) } }
                let divisor = factor * factor * 256
                return (77 * sums[0] + 150 * sums[1] + 29 * sums[2] + divisor / 2) / divisor
            }
            guard factor >= 4 else {
                // Blocks under 4 have no spread samples: the colourfulness is checked on the others.
                for oy in 0..<plane.image.height {
                    for ox in 0..<plane.image.width {
                        #expect(Int(plane.image.pixels[oy * plane.image.width + ox]) == blockGray(ox, oy), "\(width)×\(height) gray at \(ox), \(oy)")
                    }
                }
                continue
            }
            let (a, b) = (factor / 4, factor / 4 + factor / 2)
            for oy in 0..<plane.image.height {
                for ox in 0..<plane.image.width {
                    let samples = [(a, a), (b, a), (a, b), (b, b)].map { (dx, dy) in
                        ((oy * factor + dy) * width + ox * factor + dx) * channels
                    }
                    let gray = blockGray(ox, oy)
                    let spread = samples.reduce(0) { total, i in
                        let rgb = [pixels[i], pixels[i + 1], pixels[i + 2]].map(Int.init)
                        return total + rgb.max()! - rgb.min()!
                    }
                    #expect(Int(plane.image.pixels[oy * plane.image.width + ox]) == gray, "\(width)×\(height) gray at \(ox), \(oy)")
                    #expect(Int(chroma.pixels[oy * chroma.width + ox]) == (spread + 2) / 4, "\(width)×\(height) chroma at \(ox), \(oy)")
                }
            }
        }
    }

    @Test("the edges near a line in a band of rows include every one a filter keeps, in raster order")
    func edgesNearLine() throws {
        var random = SeededRandom(seed: 29)
        let (width, height) = (120, 80)
        // Stripes of both orientations, so that lines of any direction meet edges.
        let pixels = (0..<(width * height)).map { i in
            UInt8(((i % width) / 10 + (i / width) / 9) % 2 == 0 ? 40 : 200) &+ UInt8.random(in: 0...20, using: &random)
        }
        let map = EdgeMap(try #require(Image(width: width, height: height, format: .gray, pixels: pixels)))
        #expect(map.edges.count > 500)
        for y in 0..<height {
            #expect(map.edges[map.rowStarts[y]..<map.rowStarts[y + 1]].allSatisfy { $0.y == y }, "row \(y)")
        }
        #expect(map.rowStarts[height] == map.edges.count)
        let bands: [ClosedRange<Double>] = [-5.0...3.2, 10.5...10.7, 17.0...17.0, 30.4...61.9, 70.0...200.0, -9.0...(-2.0), 0...80]
        for rows in bands {
            for degrees in stride(from: 0.0, to: 180, by: 7.5) {
                let angle = degrees * .pi / 180
                let normal = (x: cos(angle), y: sin(angle)), point = Point(x: 61.3, y: 37.8)
                var visited: [EdgeMap.Edge] = []
                map.forEachEdge(inRows: rows, near: point, normal: normal, within: 2.5) { visited.append($0) }
                let expected = map.edges.filter { edge in
                    rows.contains(Double(edge.y))
                        && abs((Double(edge.x) - point.x) * normal.x + (Double(edge.y) - point.y) * normal.y) <= 2.5
                }
                let key = { (edge: EdgeMap.Edge) in Int(edge.y) * width + Int(edge.x) }
                #expect(Set(expected.map(key)).isSubset(of: Set(visited.map(key))), "\(rows) at \(degrees)°")
                #expect(visited.map(key) == visited.map(key).sorted(), "raster order")
                #expect(visited.allSatisfy { rows.contains(Double($0.y)) })
            }
        }
    }

    @Test("a squared magnitude under the surely-weak bound has its root under the threshold", arguments: [56, 57, 90, 143, 300])
    func surelyWeakBound(minimum: Int) throws {
        // A flat image: the threshold is the minimum given.
        let map = EdgeMap(try #require(Image(width: 8, height: 8, format: .gray, fill: 100)), minimumThreshold: Float(minimum))
        let bound = map.surelyWeak
        #expect(bound > 0 && Double(bound) <= Double(map.threshold * map.threshold))
        for m2 in max(0, bound - 5000)..<bound {
            #expect(Double(Float(m2).squareRoot()) < Double(map.threshold), "\(m2)")
        }
    }

    @Test("the edge map's threshold is a tenth of the 98th percentile of every 16th pixel's magnitude (in whole units), or the minimum",
          arguments: [(64, 48), (203, 77), (17, 15), (480, 270)])
    func edgeThreshold(width: Int, height: Int) throws {
        var random = SeededRandom(seed: UInt64(width + height))
        // Flat patches (no gradient), soft ramps and hard steps.
        let pixels = (0..<(width * height)).map { i -> UInt8 in
            let x = i % width, y = i / width
            if (x / 9 + y / 7) % 3 == 0 { return 120 }
            return (x / 5) % 2 == 0 ? UInt8(x * 255 / width) : UInt8.random(in: 0...255, using: &random)
        }
        let map = EdgeMap(try #require(Image(width: width, height: height, format: .gray, pixels: pixels)), minimumThreshold: 14)
        let roots = stride(from: 0, to: width * height, by: 16).compactMap { i -> Int? in
            map.magnitude2[i] > 0 ? min(5999, Int(Float(map.magnitude2[i]).squareRoot())) : nil
        }.sorted()
        let p98 = roots.isEmpty ? 0 : Float(roots[min(roots.count - 1, roots.count * 98 / 100)])
        #expect(map.threshold == max(14, p98 * 0.10))
    }

    @Test("a ninth by multiply and shift is the rounded-down quotient over the whole range of smoothed second differences")
    func ninth() {
        // One expectation over the whole range (not 9181 of them), naming the first value off.
        let wrong = (Int32(0)...Int32(4 * 255 * 9)).filter { QualityMeasures.ninth($0) != $0 / 9 }
        #expect(wrong.isEmpty, "first wrong at \(wrong.first ?? -1)")
        // The 16-bit one, of a difference of either sign.
        let wrong16 = (Int16(-4 * 255 * 9)...Int16(4 * 255 * 9)).filter { Int(QualityMeasures.ninth($0)) != abs(Int($0)) / 9 }
        #expect(wrong16.isEmpty, "first wrong at \(wrong16.first ?? -1)")
    }

    @Test("the arctangent eight lanes at a time equals the scalar one bit for bit, in every octant and on the axes")
    func arctangentLanes() {
        // Gradients are whole numbers (×16 per gray level, up to about ±4080).
        let values: [Float] = [0, 1, -1, 2, -3, 7, -16, 53, -128, 255, -512, 1021, -2047, 4080]
        var pairs: [(y: Float, x: Float)] = []
        for y in values { for x in values { pairs.append((y, x)) } }
        while pairs.count % 8 != 0 { pairs.append((0, 0)) }
        for start in stride(from: 0, to: pairs.count, by: 8) {
            var ys = SIMD8<Float>(), xs = SIMD8<Float>()
            for lane in 0..<8 { (ys[lane], xs[lane]) = pairs[start + lane] }
            let lanes = fastAtan2(ys, xs)
            for lane in 0..<8 {
                let (y, x) = pairs[start + lane]
                #expect(lanes[lane].bitPattern == fastAtan2(y, x).bitPattern, "atan2(\(y), \(x))")
            }
        }
    }

    @Test("edge thinning without branches keeps exactly the pixels the plain rule keeps")
    func edgeSuppression() throws {
        var random = SeededRandom(seed: 23)
        let (width, height) = (157, 93)
        // Noise over a few bright shapes: edges in every direction, and plateaus where neighbours tie.
        var pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...40, using: &random) }
        for y in 0..<height {
            for x in 0..<width where (x - 70) * (x - 70) + (y - 45) * (y - 45) < 900 || (x > 100 && x + y < 180) || (y / 20) % 2 == 0 && x < 40 {
                pixels[y * width + x] &+= 180
            }
        }
        let map = EdgeMap(try #require(Image(width: width, height: height, format: .gray, pixels: pixels)))
        let t2 = Int32(map.threshold * map.threshold)
        var expected: [(Int32, Int32)] = []
        for y in 2..<(height - 2) {
            for x in 2..<(width - 2) {
                let i = y * width + x, v = map.magnitude2[i]
                guard v >= t2 else { continue }
                let gx = Int32(map.gx[i]), gy = Int32(map.gy[i])
                let (a, b): (Int32, Int32)
                if abs(gy) * 128 < abs(gx) * 53 {
                    (a, b) = (map.magnitude2[i - 1], map.magnitude2[i + 1])
                } else if abs(gx) * 128 < abs(gy) * 53 {
                    (a, b) = (map.magnitude2[i - width], map.magnitude2[i + width])
                } else if (gx > 0) == (gy > 0) {
                    (a, b) = (map.magnitude2[i - width - 1], map.magnitude2[i + width + 1])
                } else {
                    (a, b) = (map.magnitude2[i - width + 1], map.magnitude2[i + width - 1])
                }
                if v >= a && v > b { expected.append((Int32(x), Int32(y))) }
            }
        }
        #expect(expected.count > 300)
        #expect(map.edges.map { [$0.x, $0.y] } == expected.map { [$0.0, $0.1] })
        for edge in map.edges {
            let i = Int(edge.y) * width + Int(edge.x)
            #expect(edge.magnitude == Float(map.magnitude2[i]).squareRoot())
            #expect(edge.angle == fastAtan2(Float(map.gy[i]), Float(map.gx[i])))
        }
    }

    @Test("the gray warp, eight pixels at a time inside the image, equals bilinear sampling one pixel at a time along the walk",
          arguments: [false, true])
    func grayWarpLanes(laneWalk: Bool) throws {
        var random = SeededRandom(seed: 17)
        let (width, height) = (300, 200)
        let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try #require(Image(width: width, height: height, format: .gray, pixels: pixels))
        for trial in 0..<40 {
            // Turns, perspective and spans of every length (outputs not a multiple of eight), some
            // reaching past the image so that edge spans mix in.
            let reach = trial % 4 == 0 ? 60.0 : 0
            let corners = [(20.0, 15.0), (280.0, 15.0), (280.0, 185.0), (20.0, 185.0)].map { (x: Double, y: Double) in
                Point(x: x + Double.random(in: -15...15, using: &random) + (x < 150 ? -reach : 0),
                      y: y + Double.random(in: -12...12, using: &random))
            }
            let quad = try #require(Quadrilateral(corners: corners))
            let outWidth = Int.random(in: 9...160, using: &random), outHeight = Int.random(in: 5...90, using: &random)
            // Both walks (positions walked pixel by pixel, or eight at a time in vector lanes).
            let warped = try #require(image.warpedGray(from: quad, width: outWidth, height: outHeight, laneWalk: laneWalk))
            // The corners as the warp takes them (scale 1).
            let walk = try #require(WarpWalk(onto: corners.map { Point(x: ($0.x + 0.5) / 1 - 0.5, y: ($0.y + 0.5) / 1 - 0.5) },
                                             width: outWidth, height: outHeight))
            let limitX = (width - 1) << WarpWalk.fractionBits, limitY = (height - 1) << WarpWalk.fractionBits
            var mismatches = 0
            walk.forEachSpan { row, columns, span in
                var step = span
                for ox in columns {
                    let cx = min(max(step.x, 0), limitX), cy = min(max(step.y, 0), limitY)
                    step.advance()
                    let wx = (cx >> WarpWalk.weightShift) & 255, wy = (cy >> WarpWalk.weightShift) & 255
                    let x = cx >> WarpWalk.fractionBits, y = cy >> WarpWalk.fractionBits
                    let x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
                    func at(_ px: Int, _ py: Int) -> Int { Int(pixels[py * width + px]) }
                    let top = at(x, y) * (256 - wx) + at(x1, y) * wx, bottom = at(x, y1) * (256 - wx) + at(x1, y1) * wx
                    let expected = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
                    if warped.pixels[row * outWidth + ox] != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "trial \(trial): \(mismatches) pixels differ")
        }
    }

    @Test("the warp walk's positions stay within its tolerance of the exact map, in whole tiles under ordinary perspective")
    func quadraticSpans() throws {
        var random = SeededRandom(seed: 31)
        var mildPixels = 0, mildInWholeTiles = 0, worst = 0.0
        for trial in 0..<200 {
            // Quads from mild to strong perspective, some far larger than the output.
            let scale = Double.random(in: 0.5...6, using: &random)
            let mild = trial % 2 == 0, jitter = mild ? 20.0 : 120.0
            let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { (x: Double, y: Double) in
                Point(x: (x * 400 + Double.random(in: -jitter...jitter, using: &random)) * scale,
                      y: (y * 260 + Double.random(in: -jitter...jitter, using: &random)) * scale)
            }
            // A mild quad is shrunk 1 to 2.5 times, as the capture analysis and the scanner do; the
            // others go to any size.
            let shrink = Double.random(in: 1...2.5, using: &random)
            let width = mild ? Int(400 * scale / shrink) : Int.random(in: 40...300, using: &random)
            let height = mild ? Int(260 * scale / shrink) : Int.random(in: 20...200, using: &random)
            guard let walk = WarpWalk(onto: corners, width: width, height: height) else { continue }
            var covered = [Bool](repeating: false, count: width * height)
            walk.forEachSpan { row, columns, span in
                // Walk the span as the warps do, and compare every position with the map.
                var position = span
                for column in columns {
                    #expect(!covered[row * width + column])
                    covered[row * width + column] = true
                    let exact = walk.source(Double(column) + 0.5, Double(row) + 0.5)
                    let error = max(abs(Double(position.x) / WarpWalk.one - exact.x), abs(Double(position.y) / WarpWalk.one - exact.y))
                    worst = max(worst, error)
                    position.advance()
                }
                if mild {
                    mildPixels += columns.count
                    if columns.count == min(WarpWalk.tileWidth, width - columns.lowerBound) { mildInWholeTiles += columns.count }
                }
            }
            #expect(covered.allSatisfy { $0 }, "trial \(trial): every output pixel is walked once")
        }
        #expect(worst <= WarpWalk.tolerance, "worst \(worst) px")
        // The proof is near the truth: ordinary perspective is walked in whole tiles' rows, or
        // the walk divides far more often than it needs to.
        #expect(mildInWholeTiles * 100 > mildPixels * 95, "\(mildInWholeTiles) of \(mildPixels) pixels in whole tiles")
    }

    @Test("the spans set up eight tiles at a time in vector lanes are those set up one at a time, integer for integer")
    func laneSpans() throws {
        var random = SeededRandom(seed: 43)
        var provedLanes = 0, unprovedLanes = 0
        for trial in 0..<300 {
            // From a turn to strong perspective, some quads reaching far past any image (clamped
            // positions) or folding over (a denominator changing sign), outputs of any width.
            let jitter = [5.0, 40.0, 150.0, 600.0][trial % 4]
            let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { (x: Double, y: Double) in
                Point(x: x * 500 + Double.random(in: -jitter...jitter, using: &random),
                      y: y * 320 + Double.random(in: -jitter...jitter, using: &random))
            }
            let width = Int.random(in: 1...700, using: &random), height = Int.random(in: 1...40, using: &random)
            guard let walk = WarpWalk(onto: corners, width: width, height: height) else { continue }
            let tilesAcross = (width + WarpWalk.tileWidth - 1) / WarpWalk.tileWidth
            let walks = UnsafeMutablePointer<WarpWalk.LaneWalks>.allocate(capacity: 1)
            defer { walks.deallocate() }
            for group in stride(from: 0, to: tilesAcross, by: 8) {
                let lanes = min(8, tilesAcross - group)
                var starts = SIMD8<Double>(), stops = SIMD8<Double>()
                for lane in 0..<8 {
                    let tileX = (group + min(lane, lanes - 1)) * WarpWalk.tileWidth
                    starts[lane] = Double(tileX)
                    stops[lane] = Double(min(width, tileX + WarpWalk.tileWidth))
                }
                for row in 0..<height {
                    let v = Double(row) + 0.5
                    let proved = walk.laneSpans(starts: starts, stops: stops, lanes: lanes, v: v, into: walks)
                    #expect(Int(proved) >> lanes == 0, "no lane past the last tile")
                    for lane in 0..<lanes {
                        let scalar = walk.span(from: Int(starts[lane]), to: Int(stops[lane]), v: v)
                        guard proved & (1 << lane) != 0 else {
                            // Set up again one span at a time: it must need that (or be one column).
                            #expect(!scalar.proved || stops[lane] - starts[lane] == 1, "trial \(trial) row \(row) lane \(lane)")
                            unprovedLanes += 1
                            continue
                        }
                        provedLanes += 1
                        func integers(_ s: WarpWalk.Span) -> [Int] {
                            [s.x, s.y, s.stepX, s.stepY, s.accelerationX, s.accelerationY, s.lastX, s.lastY]
                        }
                        #expect(scalar.proved)
                        #expect(integers(walks.pointee[lane]) == integers(scalar.walk), "trial \(trial) row \(row) lane \(lane)")
                    }
                }
            }
        }
        // Both kinds occur (or the test proves little).
        #expect(provedLanes > 1000 && unprovedLanes > 50, "\(provedLanes) proved, \(unprovedLanes) not")
    }

    @Test("fixed point in lanes equals fixed point one value at a time: ties, signs, tiny and the largest positions")
    func fixedLanes() {
        var random = SeededRandom(seed: 59)
        let unit = 1 / WarpWalk.one
        // Ties (a half unit past a whole one, either side of zero), whole units, values one unit
        // either side of a tie, and the clamped extremes.
        var values: [Double] = [0, -0.0, 1e7, -1e7, 0.5 * unit, -0.5 * unit, 1.5 * unit, -1.5 * unit, 2.5 * unit, -2.5 * unit,
                                1e-300, -1e-300, 1e6 - 0.5 * unit, -1e6 + 0.5 * unit, 4095.5 * unit + 17, -(4095.5 * unit + 17)]
        for _ in 0..<4000 {
            let magnitude = [1e-6, 1.0, 300.0, 1e5, 1e7][Int.random(in: 0..<5, using: &random)]
            let value = Double.random(in: -magnitude...magnitude, using: &random)
            values.append(value)
            // The nearest tie to it.
            values.append(((value * WarpWalk.one).rounded(.down) + 0.5) * unit)
        }
        for start in stride(from: 0, to: values.count - 8, by: 8) {
            let lanes = SIMD8<Double>(values[start..<(start + 8)])
            let fixed = WarpWalk.fixedLanes(lanes)
            for lane in 0..<8 { #expect(fixed[lane] == WarpWalk.fixed(lanes[lane]), "value \(lanes[lane])") }
        }
    }

    @Test("a line profile sampled eight at a time in vector lanes has the running sums of one sample at a time")
    func lineProfileLanes() throws {
        var random = SeededRandom(seed: 67)
        let (width, height) = (240, 150)
        // Blobs and bars over noise: edges of both polarities in every direction.
        var pixels = (0..<(width * height)).map { _ in UInt8.random(in: 90...110, using: &random) }
        for _ in 0..<40 {
            let x0 = Int.random(in: 0..<(width - 30), using: &random), y0 = Int.random(in: 0..<(height - 20), using: &random)
            let value = UInt8.random(in: 0...255, using: &random)
            for y in y0..<(y0 + Int.random(in: 3...20, using: &random)) {
                for x in x0..<(x0 + Int.random(in: 3...30, using: &random)) { pixels[y * width + x] = value }
            }
        }
        let edges = EdgeMap(try #require(Image(width: width, height: height, format: .gray, pixels: pixels)))
        for _ in 0..<200 {
            // Lines through the frame, grazing it, and missing it.
            let line = Line(theta: Double.random(in: 0..<(2 * .pi), using: &random), rho: Double.random(in: -60...300, using: &random),
                            votes: 0)
            var scalar: [Int32] = [], lanes: [Int32] = []
            _ = LineProfile(line: line, edges: edges, appendingTo: &scalar, inLanes: false)
            _ = LineProfile(line: line, edges: edges, appendingTo: &lanes, inLanes: true)
            #expect(scalar == lanes, "θ \(line.theta) ρ \(line.rho)")
        }
    }

    @Test("floor and truncation in lanes equal Int(rounded(.down)) and Int(_:) on halves, integers and either side of zero")
    func integerLanes() {
        var random = SeededRandom(seed: 71)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1 - 1e-16, -(1 - 1e-16), 1e9 + 0.5, -1e9 - 0.5, 2e15, -2e15]
        for _ in 0..<4000 { values.append(Double.random(in: -1000...1000, using: &random)) }
        for _ in 0..<400 { values.append(Double(Int.random(in: -1000...1000, using: &random)) + [0, 0.5, -0.5][Int.random(in: 0..<3, using: &random)]) }
        for start in stride(from: 0, to: values.count - 8, by: 8) {
            let lanes = SIMD8<Double>(values[start..<(start + 8)])
            let floors = lanes.floorIntegers, truncations = lanes.truncatedIntegers
            for lane in 0..<8 {
                #expect(Int(floors[lane]) == Int(lanes[lane].rounded(.down)), "floor of \(lanes[lane])")
                #expect(Int(truncations[lane]) == Int(lanes[lane]), "truncation of \(lanes[lane])")
            }
        }
    }

    @Test("Hough votes with an edge's seven ρ in vector lanes give the lines of one vote at a time")
    func houghLanes() throws {
        var random = SeededRandom(seed: 73)
        for _ in 0..<6 {
            let (width, height) = (320, 200)
            // Rectangles at random angles over noise: long edges in every direction and both polarities.
            var pixels = (0..<(width * height)).map { _ in UInt8.random(in: 100...120, using: &random) }
            for _ in 0..<5 {
                let (cx, cy) = (Double.random(in: 60...260, using: &random), Double.random(in: 50...150, using: &random))
                let angle = Double.random(in: 0..<(2 * .pi), using: &random), value = UInt8.random(in: 0...255, using: &random)
                let (halfWidth, halfHeight) = (Double.random(in: 20...90, using: &random), Double.random(in: 15...60, using: &random))
                for y in 0..<height {
                    for x in 0..<width {
                        let dx = Double(x) - cx, dy = Double(y) - cy
                        let u = dx * cos(angle) + dy * sin(angle), v = -dx * sin(angle) + dy * cos(angle)
                        if abs(u) < halfWidth, abs(v) < halfHeight { pixels[y * width + x] = value }
                    }
                }
            }
            let edges = EdgeMap(try #require(Image(width: width, height: height, format: .gray, pixels: pixels)))
            let scalar = HoughLines.detect(edges, inLanes: false), lanes = HoughLines.detect(edges, inLanes: true)
            #expect(!scalar.isEmpty)
            #expect(scalar == lanes)
        }
    }
}
