import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import Testing

/// A drawn face (no real person's photo): soft-edged ellipses for the head, hair, brows, eyes,
/// nose, mouth and shoulders, with a little shading. dlib's HOG detector scores it around 1.5
/// (its threshold is 0); the same head without eyes, brows and mouth scores below 0.
struct SyntheticFace {
    /// The face's horizontal half-width in pixels (the detector's box comes out about 1.8× that).
    var unit: Double = 100
    var centerX: Double
    var centerY: Double
    /// Draw the eyes, brows, nose and mouth.
    var features = true

    /// The picture on a `width`×`height` gray background.
    func render(width: Int, height: Int, format: Image.PixelFormat = .gray) -> Image {
        var plane = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { plane[y * width + x] = 200 - 30 * Double(y) / Double(height) }
        }
        let u = unit, cx = centerX, cy = centerY

        /// Blends `value` in over the ellipse, with a soft edge of relative width `edge`, at `opacity`.
        func paint(_ ex: Double, _ ey: Double, _ rx: Double, _ ry: Double, angle: Double = 0, edge: Double = 0.08,
                   opacity: Double = 1, below: Double? = nil, value: (Double, Double) -> Double) {
            let (c, s) = (cos(angle), sin(angle))
            let reach = max(rx, ry) * 1.2
            let x0 = max(0, Int(ex - reach)), x1 = min(width - 1, Int(ex + reach) + 1)
            let y0 = max(0, Int(ey - reach)), y1 = min(height - 1, Int(ey + reach) + 1)
            guard x0 <= x1, y0 <= y1 else { return }
            for y in y0...y1 {
                if let below, Double(y) >= below { continue }
                for x in x0...x1 {
                    let dx = Double(x) - ex, dy = Double(y) - ey
                    let a = (c * dx + s * dy) / rx, b = (-s * dx + c * dy) / ry
                    let d = a * a + b * b
                    let weight = min(1, max(0, (1 - d) / edge + 0.5)) * opacity
                    if weight > 0 { plane[y * width + x] += (value(d, dx) - plane[y * width + x]) * weight }
                }
            }
        }
        func flat(_ v: Double) -> (Double, Double) -> Double { { _, _ in v } }

        paint(cx, cy + 1.9 * u, 0.45 * u, 1.0 * u, edge: 0.001, value: flat(150))       // neck
        paint(cx, cy + 2.9 * u, 1.9 * u, 0.9 * u, edge: 0.001, value: flat(80))         // shoulders
        paint(cx, cy - 0.25 * u, 1.12 * u, 1.30 * u, value: flat(40))                   // hair
        paint(cx, cy + 0.05 * u, 0.88 * u, 1.18 * u, edge: 0.05) { d, dx in            // face, shaded
            185 - 35 * min(1, max(0, d)) * min(1, max(0, d)) - 15 * min(1, max(-1, dx / u))
        }
        paint(cx, cy - 1.0 * u, 0.95 * u, 0.45 * u, below: cy - 0.75 * u, value: flat(40)) // fringe
        guard features else { return Self.image(plane, width: width, height: height, format: format) }
        for side in [-1.0, 1.0] {
            let ex = cx + side * 0.36 * u, ey = cy - 0.18 * u
            paint(ex, ey, 0.26 * u, 0.16 * u, edge: 0.6, opacity: 0.5, value: flat(120))                   // socket
            paint(ex + side * 0.02 * u, ey - 0.24 * u, 0.25 * u, 0.055 * u, angle: side * 0.12, value: flat(60)) // brow
            paint(ex, ey, 0.17 * u, 0.075 * u, value: flat(235))                                            // white
            paint(ex, ey, 0.075 * u, 0.075 * u, value: flat(70))                                           // iris
            paint(ex, ey, 0.035 * u, 0.035 * u, value: flat(15))                                           // pupil
            paint(ex, ey - 0.06 * u, 0.18 * u, 0.03 * u, value: flat(40))                                  // lid
        }
        paint(cx + 0.07 * u, cy + 0.12 * u, 0.05 * u, 0.25 * u, edge: 0.5, opacity: 0.6, value: flat(130)) // nose side
        paint(cx, cy + 0.36 * u, 0.16 * u, 0.08 * u, edge: 0.5, opacity: 0.5, value: flat(140))            // nose tip
        for side in [-1.0, 1.0] { paint(cx + side * 0.07 * u, cy + 0.40 * u, 0.045 * u, 0.025 * u, value: flat(50)) }
        paint(cx, cy + 0.68 * u, 0.28 * u, 0.075 * u, value: flat(95))                                    // lips
        paint(cx, cy + 0.68 * u, 0.26 * u, 0.012 * u, value: flat(35))                                    // mouth line
        paint(cx, cy + 1.05 * u, 0.4 * u, 0.08 * u, edge: 0.5, opacity: 0.4, value: flat(130))             // chin shadow
        return Self.image(plane, width: width, height: height, format: format)
    }

    static func image(_ plane: [Double], width: Int, height: Int, format: Image.PixelFormat) -> Image {
        var image = Image(width: width, height: height, format: format, fill: 255)
        for i in 0..<(width * height) {
            let v = UInt8(max(0, min(255, plane[i].rounded())))
            for k in 0..<min(3, format.channels) { image.pixels[i * format.channels + k] = v }
        }
        return image
    }
}

@Suite("dlib face detector")
struct DlibFaceDetectorTests {
    let detector = DlibFaceDetector()

    @Test("a drawn face is found where it was drawn", arguments: Image.PixelFormat.allCases)
    func drawnFace(format: Image.PixelFormat) throws {
        let face = SyntheticFace(unit: 100, centerX: 200, centerY: 200)
        let faces = try detector.detectFaces(in: face.render(width: 400, height: 400, format: format))
        let found = try #require(faces.first, "no face in the drawn face")
        #expect(faces.count == 1)
        #expect(found.score > 0.5)
        // The box sits on the face: its centre near the eyes-to-mouth middle, its size about 1.8 units.
        #expect(abs(found.x + found.width / 2 - 200) < 30)
        #expect(abs(found.y + found.height / 2 - 225) < 40)
        #expect(found.width > 120 && found.width < 240)
    }

    @Test("the same head without eyes, brows and mouth is not a face")
    func featurelessHead() throws {
        let head = SyntheticFace(unit: 100, centerX: 200, centerY: 200, features: false)
        #expect(try detector.detectFaces(in: head.render(width: 400, height: 400)).isEmpty)
    }

    @Test("an upside-down face is not found (the detector is for upright faces)")
    func upsideDown() throws {
        let upright = SyntheticFace(unit: 100, centerX: 200, centerY: 200).render(width: 400, height: 400)
        var flipped = upright
        flipped.pixels = upright.pixels.reversed()
        #expect(try detector.detectFaces(in: flipped).isEmpty)
    }

    @Test("a small face is found through the enlarged retry, and only through it")
    func smallFace() throws {
        // A 44-pixel face in a 640×480 frame: below dlib's 80-pixel window.
        let frame = SyntheticFace(unit: 25, centerX: 192, centerY: 216).render(width: 640, height: 480)
        let faces = try detector.detectFaces(in: frame)
        let found = try #require(faces.first)
        #expect(abs(found.x + found.width / 2 - 192) < 15 && found.width < 70)
        var noRetry = DlibFaceDetector.Configuration()
        noRetry.upsampledRetryMaximumPixels = 0
        #expect(try DlibFaceDetector(configuration: noRetry).detectFaces(in: frame).isEmpty)
    }

    @Test("two faces come back largest first")
    func largestFirst() throws {
        var frame = SyntheticFace(unit: 60, centerX: 180, centerY: 200).render(width: 640, height: 400)
        let second = SyntheticFace(unit: 90, centerX: 460, centerY: 170).render(width: 640, height: 400)
        for y in 0..<400 { for x in 320..<640 { frame.pixels[y * 640 + x] = second.pixels[y * 640 + x] } }
        let faces = try detector.detectFaces(in: frame)
        #expect(faces.count == 2)
        #expect(faces.map { $0.x > 320 } == [true, false])
        var one = DlibFaceDetector.Configuration()
        one.maximumFaces = 1
        #expect(try DlibFaceDetector(configuration: one).detectFaces(in: frame).count == 1)
    }

    @Test("noise, flat and degenerate images give no face", arguments: [
        ("noise 640x480", 640, 480), ("flat 320x240", 320, 240), ("1x1", 1, 1), ("5000x30", 5000, 30), ("2x3000", 2, 3000),
    ])
    func noFace(name: String, width: Int, height: Int) throws {
        var image = Image(width: width, height: height, format: .rgb, fill: 128)
        if name.hasPrefix("noise") {
            var state: UInt64 = 0x2545_F491_4F6C_DD1D
            for i in image.pixels.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                image.pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        #expect(try detector.detectFaces(in: image).isEmpty)
    }

    @Test("padded rows are read correctly")
    func paddedRows() throws {
        let packed = SyntheticFace(unit: 100, centerX: 200, centerY: 200).render(width: 400, height: 400, format: .rgba)
        let rowBytes = 400 * 4
        var padded = [UInt8](repeating: 0, count: (rowBytes + 20) * 400)
        for y in 0..<400 {
            padded.replaceSubrange(y * (rowBytes + 20)..<(y * (rowBytes + 20) + rowBytes), with: packed.pixels[y * rowBytes..<(y + 1) * rowBytes])
        }
        let strided = try #require(Image(width: 400, height: 400, format: .rgba, bytesPerRow: rowBytes + 20, pixels: padded))
        #expect(try detector.detectFaces(in: strided) == detector.detectFaces(in: packed))
    }

    @Test("an invalid configuration is a typed error")
    func invalidConfiguration() {
        let image = Image(width: 100, height: 100, format: .gray)
        var configuration = DlibFaceDetector.Configuration()
        configuration.maximumFaces = 0
        #expect { try DlibFaceDetector(configuration: configuration).detectFaces(in: image) } throws: {
            ($0 as? RecognitionError)?.code == .invalidInput
        }
        configuration = DlibFaceDetector.Configuration()
        configuration.scoreThreshold = .nan
        #expect { try DlibFaceDetector(configuration: configuration).detectFaces(in: image) } throws: {
            ($0 as? RecognitionError)?.code == .invalidInput
        }
    }

    @Test("concurrent detections agree")
    func concurrent() async throws {
        let image = SyntheticFace(unit: 80, centerX: 160, centerY: 150).render(width: 320, height: 320)
        let expected = try detector.detectFaces(in: image)
        #expect(expected.count == 1)
        let detector = self.detector
        let results = try await withThrowingTaskGroup(of: [DetectedFace].self) { group in
            for _ in 0..<6 { group.addTask { try detector.detectFaces(in: image) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
