import Foundation
import PapersImaging
import PapersSynthesis
import Testing

/// The liveness renderer on a drawn face whose 68 landmarks are known: dark eyes, a dark nose
/// tip and a dark mouth line on a skin-coloured oval.
@Suite("Synthetic faces")
struct SyntheticFaceTests {
    /// The landmarks of a frontal face in a 400 × 480 image: jaw from (80, 160) round the chin at
    /// (200, 440) to (320, 160), eyes at y 180, nose tip at (200, 260), mouth corners at (150, 350)
    /// and (250, 350).
    static let landmarks: [Point] = {
        var p: [Point] = (0...16).map { i in
            let t = Double.pi * Double(i) / 16
            return Point(x: 200 - 120 * cos(t), y: 160 + 280 * sin(t))
        }
        p += (0..<5).map { Point(x: 110 + Double($0) * 16, y: 130) } + (0..<5).map { Point(x: 226 + Double($0) * 16, y: 130) }
        p += (0..<4).map { Point(x: 200, y: 170 + Double($0) * 30) }
        p += (0..<5).map { Point(x: 180 + Double($0) * 10, y: 270) }
        for cx in [150.0, 250.0] {
            p += [Point(x: cx - 24, y: 180), Point(x: cx - 8, y: 170), Point(x: cx + 8, y: 170),
                  Point(x: cx + 24, y: 180), Point(x: cx + 8, y: 190), Point(x: cx - 8, y: 190)]
        }
        p += (0..<12).map { i in
            let t = 2 * Double.pi * Double(i) / 12
            return Point(x: 200 - 50 * cos(t), y: 350 - 12 * sin(t))
        }
        p += (0..<8).map { i in
            let t = 2 * Double.pi * Double(i) / 8
            return Point(x: 200 - 36 * cos(t), y: 350 - 4 * sin(t))
        }
        return p
    }()

    static let skin: (UInt8, UInt8, UInt8) = (205, 160, 130)

    /// The drawn face.
    static let image: Image = {
        var image = Image(width: 400, height: 480, format: .rgb, fill: 90)
        for y in 0..<480 {
            for x in 0..<400 {
                let dx = (Double(x) - 200) / 125, dy = (Double(y) - 260) / 200
                var colour: (UInt8, UInt8, UInt8)? = dx * dx + dy * dy <= 1 ? skin : nil
                for cx in [150.0, 250.0] where pow((Double(x) - cx) / 24, 2) + pow((Double(y) - 180) / 10, 2) <= 1 { colour = (40, 30, 30) }
                if pow(Double(x) - 200, 2) + pow(Double(y) - 260, 2) <= 64 { colour = (60, 30, 30) }
                if abs(Double(y) - 350) <= 3, abs(Double(x) - 200) <= 50 { colour = (90, 20, 30) }
                if let colour {
                    let i = image.offset(x: x, y: y)
                    image.pixels[i] = colour.0; image.pixels[i + 1] = colour.1; image.pixels[i + 2] = colour.2
                }
            }
        }
        return image
    }()

    static let face = SyntheticFace(image: image, landmarks: landmarks)!

    /// The centroid of the dark pixels (red under `threshold`) inside a box.
    static func darkCentroid(_ image: Image, x: ClosedRange<Int>, y: ClosedRange<Int>, threshold: UInt8 = 110) -> Point? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for yy in y { for xx in x where image.pixels[image.offset(x: xx, y: yy)] < threshold { sx += Double(xx); sy += Double(yy); n += 1 } }
        return n > 0 ? Point(x: sx / n, y: sy / n) : nil
    }

    @Test("a turn moves the nose tip across by its share of the jaw, where the landmarks say, and leaves the jaw's ends")
    func turn() throws {
        for yaw in [-0.2, 0.2] {
            let turned = Self.face.rendered(FacePose(yaw: yaw))
            let nose = try #require(Self.darkCentroid(turned, x: 120...280, y: 245...275))
            #expect(abs(nose.x - (200 + yaw * 240)) < 2, "\(nose)")
            let predicted = Self.face.landmarks(in: FacePose(yaw: yaw))
            #expect(abs(predicted[30].x - nose.x) < 2)
            #expect(predicted[0] == Self.landmarks[0] && predicted[16] == Self.landmarks[16])
            // Outside the face nothing moves.
            #expect(turned.pixels[turned.offset(x: 10, y: 10)] == Self.image.pixels[Self.image.offset(x: 10, y: 10)])
        }
    }

    @Test("a nod moves the nose tip down the face and leaves the eyes")
    func nod() throws {
        let nodded = Self.face.rendered(FacePose(pitch: 0.14))
        let nose = try #require(Self.darkCentroid(nodded, x: 185...215, y: 230...320))
        #expect(abs(nose.y - (260 + 0.14 * 260)) < 2, "\(nose)")
        // The eyes' line stays (the displacement starts there); the eye's upper half does not move.
        let eye = try #require(Self.darkCentroid(nodded, x: 120...180, y: 165...180))
        let before = try #require(Self.darkCentroid(Self.image, x: 120...180, y: 165...180))
        #expect(abs(eye.y - before.y) < 0.5)
    }

    @Test("a shut eye is the skin above it drawn down to a dark line at its foot; a half-shut eye shows its lower part")
    func blink() {
        func darkShare(_ image: Image, rows: ClosedRange<Int>) -> Double {
            var dark = 0, total = 0
            for y in rows { for x in 140...160 { total += 1; if image.pixels[image.offset(x: x, y: y)] < 110 { dark += 1 } } }
            return Double(dark) / Double(total)
        }
        #expect(darkShare(Self.image, rows: 172...188) > 0.9)
        let shut = Self.face.rendered(FacePose(eyesClosed: 1))
        // The eye is closed as an ellipse of half-height 13 about y 180: the lid's edge comes to
        // 167 + 0.9 × 26 = 190.4 in its middle.
        #expect(darkShare(shut, rows: 172...183) == 0)
        #expect(darkShare(shut, rows: 191...191) > 0.9)
        let half = Self.face.rendered(FacePose(eyesClosed: 0.5))
        #expect(darkShare(half, rows: 172...177) == 0)
        #expect(darkShare(half, rows: 182...186) > 0.9)
        let lids = Self.face.landmarks(in: FacePose(eyesClosed: 1))
        #expect(abs(lids[37].y - 188) < 0.01 && lids[41] == Self.landmarks[41])
    }

    @Test("a smile pulls the mouth's corners apart by its share of the mouth's width")
    func smile() {
        let smiling = Self.face.rendered(FacePose(smile: 0.25))
        var xs: [Int] = []
        for y in 330...360 { for x in 100...300 where smiling.pixels[smiling.offset(x: x, y: y)] < 110 { xs.append(x) } }
        let width = Double((xs.max() ?? 0) - (xs.min() ?? 0))
        #expect(abs(width - 125) < 4, "\(width)")
    }

    @Test("a sequence frames each gesture between frontal frames, in order, each frame its own noise")
    func sequence() {
        var configuration = LivenessSequence.Configuration()
        configuration.leadIn = 2
        let sequence = LivenessSequence(face: Self.face, gestures: [.left, .blink], configuration: configuration)
        let gestures = sequence.frames.map(\.truth.gesture)
        #expect(gestures == [nil, nil] + Array(repeating: .left, count: 6) + [nil] + Array(repeating: .blink, count: 6) + [nil])
        #expect(sequence.frames.map(\.truth.timeMilliseconds) == sequence.frames.indices.map { $0 * 100 })
        #expect(sequence.frames.first { $0.truth.gesture == .blink && $0.truth.extent == 1 }?.truth.pose.eyesClosed == 1)
        #expect(sequence.frames[0].image != sequence.frames[1].image)
        let again = LivenessSequence(face: Self.face, gestures: [.left, .blink], configuration: configuration)
        #expect(again.frames.map(\.image) == sequence.frames.map(\.image))
    }

    @Test("a portrait goes in the portrait box and the truth names it; the rest of the photo is the same")
    func portrait() throws {
        let portrait = SyntheticPortrait(name: "drawn.png", image: Self.image, faceX: 80, faceY: 130, faceWidth: 240, faceHeight: 300)
        let printed = portrait.printed(width: 120, height: 160)
        #expect(printed.width == 120 && printed.height == 160)
        let set = IdentityPhotoSet(width: 640, height: 480)
        let with = set.photo(seed: 5, index: 0, portrait: portrait).photo
        let without = set.photo(seed: 5, index: 0).photo
        #expect(with.truth.portrait == "drawn.png")
        #expect(without.truth.portrait == nil)
        var truth = with.truth
        truth.portrait = nil
        #expect(truth == without.truth)
        #expect(with.image != without.image)
        let paper = PhotoSynthesizer().photo(seed: 1, index: 0, kind: .paper, print: SyntheticPrint(portrait: portrait))
        #expect(paper.truth.portrait == nil)
    }
}
