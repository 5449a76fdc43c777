import Foundation
import PapersCapture
import PapersImaging
import Testing

/// Active liveness on landmark sequences: a frontal template face in dlib's 68-point layout,
/// turned, nodded, blinking and smiling by moving its points.
@Suite("Active liveness")
struct ActiveLivenessCheckTests {
    /// A frontal face: jaw from (20, 80) round the chin at (100, 220) to (180, 80), eyes at y 90,
    /// nose tip at (100, 130), mouth corners at (75, 175) and (125, 175).
    static let frontal: [Point] = {
        var p: [Point] = (0...16).map { i in
            let t = Double.pi * Double(i) / 16
            return Point(x: 100 - 80 * cos(t), y: 80 + 140 * sin(t))
        }
        p += (0..<5).map { Point(x: 35 + Double($0) * 12, y: 60) } + (0..<5).map { Point(x: 117 + Double($0) * 12, y: 60) }
        p += (0..<4).map { Point(x: 100, y: 80 + Double($0) * 50 / 3) }
        p += (0..<5).map { Point(x: 85 + Double($0) * 7.5, y: 140) }
        for cx in [65.0, 135.0] {
            p += [Point(x: cx - 15, y: 90), Point(x: cx - 5, y: 84), Point(x: cx + 5, y: 84),
                  Point(x: cx + 15, y: 90), Point(x: cx + 5, y: 96), Point(x: cx - 5, y: 96)]
        }
        p += (0..<12).map { i in
            let t = 2 * Double.pi * Double(i) / 12
            return Point(x: 100 - 25 * cos(t), y: 175 - 8 * sin(t))
        }
        p += (0..<8).map { i in
            let t = 2 * Double.pi * Double(i) / 8
            return Point(x: 100 - 18 * cos(t), y: 175 - 3 * sin(t))
        }
        return p
    }()

    static func moved(_ indices: some Sequence<Int>, by dx: Double, _ dy: Double, in points: [Point]) -> [Point] {
        var points = points
        for i in indices { points[i] = Point(x: points[i].x + dx, y: points[i].y + dy) }
        return points
    }

    static func turned(_ dx: Double) -> [Point] { moved(27...35, by: dx, 0, in: moved(48...67, by: dx / 2, 0, in: frontal)) }
    static func nodded(_ dy: Double) -> [Point] { moved(30...35, by: 0, dy, in: frontal) }
    static func eyes(open fraction: Double) -> [Point] {
        var points = frontal
        for (lid, centre) in [(37, 90.0), (38, 90), (40, 90), (41, 90), (43, 90), (44, 90), (46, 90), (47, 90)] {
            points[lid] = Point(x: points[lid].x, y: centre + (points[lid].y - centre) * fraction)
        }
        return points
    }
    static var smiling: [Point] { moved([48], by: -5, 0, in: moved([54], by: 5, 0, in: frontal)) }

    static let personA = [Float](repeating: 0.1, count: 128)
    static let personB = [Float](repeating: 0.3, count: 128)

    /// Observations 100 ms apart.
    static func sequence(_ faces: [[Point]], person: (Int) -> [Float] = { _ in personA }) -> [LivenessObservation] {
        faces.enumerated().map { index, face in
            LivenessObservation(time: .milliseconds(100 * index), faceCount: 1, landmarks: face, descriptor: person(index))
        }
    }

    static let leftBlinkRight: [[Point]] = [frontal, frontal, frontal, turned(-30), turned(-30), frontal,
                                            eyes(open: 0.3), eyes(open: 0.2), frontal, frontal, turned(30), frontal]

    static func challenge(_ gestures: [LivenessGesture], issuedAt: Date = Date()) -> LivenessChallenge {
        LivenessChallenge(gestures: gestures, nonce: "n1", issuedAt: issuedAt)
    }

    static func run(_ challenge: LivenessChallenge, _ observations: [LivenessObservation], receivedAt: Date = Date()) -> LivenessResult {
        var check = ActiveLivenessCheck(challenge: challenge)
        for observation in observations { check.observe(observation, receivedAt: receivedAt) }
        return check.finish()
    }

    @Test("the geometry of the template: facing the camera, eyes open")
    func geometry() throws {
        let face = try #require(FaceGeometry(landmarks: Self.frontal))
        #expect(abs(face.yaw - 0.5) < 0.01)
        #expect(face.eyeOpenness > 0.3)
        #expect(try #require(FaceGeometry(landmarks: Self.eyes(open: 0.2))).eyeOpenness < 0.1)
        #expect(FaceGeometry(landmarks: Array(Self.frontal.prefix(5))) == nil)
    }

    @Test("left, blink, right made in order by one person is live, with each gesture's frame")
    func live() {
        let result = Self.run(Self.challenge([.left, .blink, .right]), Self.sequence(Self.leftBlinkRight))
        #expect(result.isLive)
        #expect(result.failure == nil)
        #expect(result.frontalFrame == 0)
        #expect(result.steps.map(\.gesture) == [.left, .blink, .right])
        #expect(result.steps.map(\.frame) == [3, 8, 10])
        #expect(result.nonce == "n1")
    }

    @Test("the same recording does not answer a challenge in another order")
    func replay() {
        let result = Self.run(Self.challenge([.right, .left, .blink]), Self.sequence(Self.leftBlinkRight))
        #expect(!result.isLive)
        #expect(result.failure == .incomplete)
    }

    @Test("another person taking over mid-sequence fails")
    func swap() {
        let result = Self.run(Self.challenge([.left, .blink, .right]), Self.sequence(Self.leftBlinkRight) { $0 >= 6 ? Self.personB : Self.personA })
        #expect(result.failure == .differentPerson)
        #expect(result.steps.map(\.gesture) == [.left])
    }

    @Test("a gesture that comes too late, two faces, no frontal frame, an expired challenge: each fails with its reason")
    func failures() {
        let slow = Array(repeating: Self.frontal, count: 60) + [Self.turned(-30)]
        #expect(Self.run(Self.challenge([.left]), Self.sequence(slow)).failure == .gestureTimedOut)
        var two = Self.sequence(Self.leftBlinkRight)
        two[4] = LivenessObservation(time: two[4].time, faceCount: 2, landmarks: Self.frontal, descriptor: Self.personA)
        #expect(Self.run(Self.challenge([.left, .blink, .right]), two).failure == .multipleFaces)
        #expect(Self.run(Self.challenge([.left]), Self.sequence(Array(repeating: Self.turned(30), count: 10))).failure == .noFrontalFace)
        let old = Self.challenge([.left, .blink, .right], issuedAt: Date().addingTimeInterval(-600))
        #expect(Self.run(old, Self.sequence(Self.leftBlinkRight)).failure == .expired)
    }

    @Test("nods and smiles are measured against the user's own frontal face")
    func nodsAndSmiles() {
        let faces = [Self.frontal, Self.nodded(-14), Self.frontal, Self.nodded(14), Self.frontal, Self.smiling]
        let result = Self.run(Self.challenge([.up, .down, .smile]), Self.sequence(faces))
        #expect(result.isLive, "\(String(describing: result.failure))")
        #expect(Self.run(Self.challenge([.smile]), Self.sequence([Self.frontal, Self.nodded(14)])).failure == .incomplete)
    }

    @Test("random challenges: distinct gestures, a fresh order and nonce each time")
    func random() {
        var first = SeededGenerator(state: 1), second = SeededGenerator(state: 2)
        let a = LivenessChallenge.random(count: 3, using: &first)
        let b = LivenessChallenge.random(count: 3, using: &second)
        #expect(Set(a.gestures).count == 3)
        #expect(a.nonce.count == 32 && a.nonce != b.nonce)
        let orders = Set((0..<20).map { _ in LivenessChallenge.random(count: 3).gestures })
        #expect(orders.count > 5)
    }
}

/// A small deterministic generator (SplitMix64) for the tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
