import Foundation
import PapersCapture
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing

/// The liveness renderer's face (this target has a drawn `SyntheticFace` of its own).
typealias RenderedFace = PapersSynthesis.SyntheticFace

/// Liveness sequences rendered from one photo (``LivenessSequence``) judged as `papers liveness`
/// judges frames: dlib's detector, 68 landmarks and descriptor, then ``ActiveLivenessCheck``.
@Suite("rendered liveness sequences", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct RenderedLivenessTests {
    /// The photo at a selfie camera's size (at most `side` pixels) and its face to render.
    static func face(_ path: String, side: Int = 640) throws -> RenderedFace {
        let photo = try FaceFixtures.photo(path).fitting(maximumSide: side)
        let found = try #require(try DlibFaceDetector().detectFaces(in: photo).first)
        let landmarks = try DlibFaceEmbedder(landmarks: .sixtyEight).landmarks(of: found, in: photo)
        return try #require(RenderedFace(image: photo, landmarks: landmarks))
    }

    /// What dlib sees in each frame, 100 ms apart.
    static func observe(_ frames: [Image]) throws -> [LivenessObservation] {
        let detector = DlibFaceDetector()
        let embedder = try DlibFaceEmbedder(landmarks: .sixtyEight)
        return try frames.enumerated().map { index, frame in
            let faces = try detector.detectFaces(in: frame)
            let time = Duration.milliseconds(100 * index)
            guard let face = faces.first else { return LivenessObservation(time: time, faceCount: 0, landmarks: [], descriptor: nil) }
            let embedding = try embedder.embed(face, in: frame)
            return LivenessObservation(time: time, faceCount: faces.count, landmarks: embedding.landmarks, descriptor: embedding.descriptor.values)
        }
    }

    static func judge(_ gestures: [LivenessGesture], _ frames: [Image]) throws -> LivenessResult {
        judge(gestures, try observe(frames))
    }

    static func judge(_ gestures: [LivenessGesture], _ observations: [LivenessObservation]) -> LivenessResult {
        var check = ActiveLivenessCheck(challenge: LivenessChallenge(gestures: gestures, nonce: "t", issuedAt: Date()))
        for observation in observations { check.observe(observation) }
        return check.finish()
    }

    /// Each frame's descriptor distance from the first frame's, for a failure's message.
    static func distances(_ observations: [LivenessObservation]) -> String {
        guard let first = observations.first?.descriptor.map(FaceDescriptor.init(values:)) else { return "no face in the first frame" }
        return observations.map { observation in
            guard let distance = observation.descriptor.flatMap({ first.distance(to: FaceDescriptor(values: $0)) }) else { return "-" }
            return String(format: "%.3f", distance)
        }.joined(separator: " ")
    }

    static func render(_ face: RenderedFace, _ gestures: [SyntheticFaceGesture]) -> [Image] {
        LivenessSequence(face: face, gestures: gestures).frames.map(\.image)
    }

    /// The one fixture photo facing the camera closely enough for a frontal reference (within 0.06
    /// of the face's middle); the others are turned.
    static let frontalPhoto = "face_recognition/obama.jpg"

    @Test("each gesture rendered from one photo is the gesture the check measures", arguments: [
        [SyntheticFaceGesture.left, .blink, .right], [.up, .smile, .down], [.right, .blink, .left],
    ])
    func passes(gestures: [SyntheticFaceGesture]) throws {
        let face = try Self.face(Self.frontalPhoto)
        let observations = try Self.observe(Self.render(face, gestures))
        let result = Self.judge(gestures.map { LivenessGesture(rawValue: $0.rawValue)! }, observations)
        #expect(result.isLive, "\(String(describing: result.failure)) after \(result.steps.map(\.gesture)); distances \(Self.distances(observations))")
        #expect(result.steps.map(\.gesture.rawValue) == gestures.map(\.rawValue))
    }

    @Test("a sequence making another gesture than the one asked fails")
    func wrongGesture() throws {
        let face = try Self.face(Self.frontalPhoto)
        let result = try Self.judge([.left, .blink, .right], Self.render(face, [.left, .smile, .right]))
        #expect(!result.isLive)
        #expect(result.failure == .incomplete)
        #expect(result.steps.map(\.gesture) == [.left])
    }

    @Test("the still photo repeated fails")
    func still() throws {
        let face = try Self.face(Self.frontalPhoto)
        let result = try Self.judge([.left, .blink], Array(repeating: face.image, count: 12))
        #expect(!result.isLive)
        #expect(result.failure == .incomplete)
        #expect(result.frontalFrame == 0)
    }

    @Test("frames of another person's photo mid-sequence fail")
    func swap() throws {
        let first = Self.render(try Self.face(Self.frontalPhoto), [.left, .blink, .right])
        let second = Self.render(try Self.face("face_recognition/biden.jpg"), [.left, .blink, .right])
        let spliced = Array(first.prefix(10)) + Array(second.suffix(from: 10))
        let result = try Self.judge([.left, .blink, .right], spliced)
        #expect(result.failure == .differentPerson)
    }
}
