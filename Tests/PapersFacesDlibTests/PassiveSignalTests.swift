import Foundation
import PapersCapture
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing

/// The built-in passive signals on real faces, and on the same faces shown through a synthetic
/// screen, held up in a frame, under glare, or replayed still.
@Suite("passive liveness signals on real faces", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct PassiveSignalTests {
    static let photos = ["face_recognition/obama.jpg", "face_recognition/obama2.jpg", "face_recognition/obama3.jpg",
                         "face_recognition/biden.jpg"]

    /// A frame as `papers liveness --passive` sees it: faces found at most 1024 pixels wide, 68 landmarks.
    static func frame(_ image: Image, index: Int = 0) throws -> PassiveLivenessFrame {
        let small = image.fitting(maximumSide: 1024)
        let scale = Double(image.width) / Double(small.width)
        let faces = try DlibFaceDetector().detectFaces(in: small).map {
            DetectedFace(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale, score: $0.score)
        }
        let landmarks = try faces.first.map { face throws(RecognitionError) in
            try DlibFaceEmbedder(landmarks: .sixtyEight).landmarks(of: face, in: image)
        } ?? []
        return PassiveLivenessFrame(image: image, time: .milliseconds(100 * index), faces: faces, landmarks: landmarks)
    }

    static func signal(_ kind: PassiveSignal.Kind, _ result: PassiveLivenessResult) throws -> PassiveSignal {
        try #require(result.signals.first { $0.kind == kind })
    }

    /// A selfie-sized photo (at most 720 pixels).
    static func photo(_ path: String) throws -> Image {
        try FaceFixtures.photo(path).fitting(maximumSide: 720)
    }

    @Test("real photos raise no single-frame signal", arguments: photos)
    func original(path: String) throws {
        let result = PassiveSignalModel().assess([try Self.frame(Self.photo(path))])
        #expect(result.isLive, "\(result.signals)")
        #expect(result.failure == nil)
        #expect(Set(result.signals.map(\.kind)) == [.screenPattern, .border, .specularHighlight])
    }

    @Test("the same photos shown on a screen raise the screen pattern", arguments: zip(photos, [0.7, 0.85, 1.3, 2.2]))
    func screen(path: String, pitch: Double) throws {
        let shown = SyntheticPresentation.onScreen(try Self.photo(path), pitch: pitch, degrees: 4)
        let result = PassiveSignalModel().assess([try Self.frame(shown)])
        #expect(!result.isLive, "\(result)")
        #expect(try Self.signal(.screenPattern, result).flagged, "\(result.signals)")
    }

    @Test("the same photos held up in a frame raise the border", arguments: photos)
    func border(path: String) throws {
        let held = SyntheticPresentation.inFrame(try Self.photo(path))
        let result = PassiveSignalModel().assess([try Self.frame(held)])
        #expect(!result.isLive)
        #expect(try Self.signal(.border, result).measure == 4, "\(result.signals)")
    }

    @Test("glare over the face raises the specular highlight")
    func glare() throws {
        let photo = try Self.photo("face_recognition/obama.jpg")
        let face = try #require(try Self.frame(photo).faces.first)
        let glared = SyntheticPresentation.withGlare(photo, centre: Point(x: face.x + face.width * 0.35, y: face.y + face.height * 0.3),
                                                     radius: face.width * 0.12)
        let result = PassiveSignalModel().assess([try Self.frame(glared)])
        #expect(!result.isLive)
        #expect(try Self.signal(.specularHighlight, result).flagged, "\(result.signals)")
    }

    @Test("a rendered gesture sequence moves as a face; the still photo replayed, or moved as one piece, does not")
    func consistency() throws {
        let photo = try FaceFixtures.photo("face_recognition/obama.jpg").fitting(maximumSide: 480)
        let found = try #require(try DlibFaceDetector().detectFaces(in: photo).first)
        let face = try #require(RenderedFace(image: photo, landmarks: try DlibFaceEmbedder(landmarks: .sixtyEight).landmarks(of: found, in: photo)))
        let live = LivenessSequence(face: face, gestures: [.blink, .left]).frames
        let moving = try PassiveSignalModel().assess(live.enumerated().map { try Self.frame($1.image, index: $0) })
        #expect(try !Self.signal(.frameConsistency, moving).flagged, "\(moving.signals)")

        let still = try PassiveSignalModel().assess((0..<6).map { try Self.frame(photo, index: $0) })
        #expect(try Self.signal(.frameConsistency, still).flagged, "\(still.signals)")
        #expect(!still.isLive)

        // The photo slid and scaled a little each frame, as a print moved in front of the camera.
        let slid = try (0..<6).map { step in
            let cut = photo.cropped(x: 4 * step, y: 3 * step, width: photo.width - 10 * step, height: photo.height - 8 * step)!
            return try Self.frame(cut.resized(width: photo.width * 3 / 4, height: photo.height * 3 / 4), index: step)
        }
        let moved = PassiveSignalModel().assess(slid)
        #expect(try Self.signal(.frameConsistency, moved).flagged, "\(moved.signals)")
    }
}
