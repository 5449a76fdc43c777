import Foundation
import PapersCapture
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing

/// The passive signals on drawn scenes with a known face box (the real-face tests are in
/// PapersFacesDlibTests): soft blobs of colour as the "face", then the same scene on a screen, in a
/// frame, under glare; and landmark sequences that move as a face or as a flat picture.
@Suite("Passive liveness signals")
struct PassiveSignalModelTests {
    /// A 480 × 480 scene of soft overlapping blobs with a little noise: a spectrum that falls off
    /// smoothly, as a photo's does.
    static let scene: Image = {
        var random = SeededGenerator(state: 9)
        var values = [Double](repeating: 120, count: 480 * 480 * 3)
        for _ in 0..<60 {
            let cx = Double.random(in: 0..<480, using: &random), cy = Double.random(in: 0..<480, using: &random)
            let radius = Double.random(in: 10...70, using: &random)
            let tint = (0..<3).map { _ in Double.random(in: -40...40, using: &random) }
            for y in max(0, Int(cy - 3 * radius))..<min(480, Int(cy + 3 * radius)) {
                for x in max(0, Int(cx - 3 * radius))..<min(480, Int(cx + 3 * radius)) {
                    let w = exp(-((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)) / (2 * radius * radius))
                    for k in 0..<3 { values[(y * 480 + x) * 3 + k] += tint[k] * w }
                }
            }
        }
        let pixels = values.map { UInt8(max(0, min(255, ($0 + Double.random(in: -3...3, using: &random)).rounded()))) }
        return Image(width: 480, height: 480, format: .rgb, pixels: pixels)!
    }()

    static let face = DetectedFace(x: 150, y: 140, width: 180, height: 200, score: 1)

    static func assess(_ image: Image, face: DetectedFace = face) -> PassiveLivenessResult {
        PassiveSignalModel().assess([PassiveLivenessFrame(image: image, faces: [face])])
    }

    static func signal(_ kind: PassiveSignal.Kind, _ result: PassiveLivenessResult) throws -> PassiveSignal {
        try #require(result.signals.first { $0.kind == kind })
    }

    @Test("the plain scene raises nothing; without a frame sequence there is no frame-consistency signal")
    func plain() {
        let result = Self.assess(Self.scene)
        #expect(result.isLive, "\(result.signals)")
        #expect(result.score > 0.5)
        #expect(result.signals.map(\.kind) == [.screenPattern, .border, .specularHighlight])
    }

    @Test("the scene on a screen raises the screen pattern", arguments: [0.7, 1.3, 2.2])
    func screen(pitch: Double) throws {
        let result = Self.assess(SyntheticPresentation.onScreen(Self.scene, pitch: pitch, degrees: 5))
        #expect(try Self.signal(.screenPattern, result).flagged)
        #expect(!result.isLive)
        #expect(result.score < 0.5)
    }

    @Test("the scene held up in a frame raises the border on every side")
    func border() throws {
        // The scene shrunk to 70% about the middle: the face box shrinks with it.
        let held = SyntheticPresentation.inFrame(Self.scene)
        let face = DetectedFace(x: 72 + 150 * 0.7, y: 72 + 140 * 0.7, width: 180 * 0.7, height: 200 * 0.7, score: 1)
        let result = Self.assess(held, face: face)
        #expect(try Self.signal(.border, result).measure == 4)
        #expect(!result.isLive)
    }

    @Test("glare over the face raises the specular highlight; a pin-point highlight does not")
    func glare() throws {
        let centre = Point(x: 240, y: 220)
        let spot = Self.assess(SyntheticPresentation.withGlare(Self.scene, centre: centre, radius: 25))
        #expect(try Self.signal(.specularHighlight, spot).flagged)
        let pin = Self.assess(SyntheticPresentation.withGlare(Self.scene, centre: centre, radius: 2.5))
        #expect(try !Self.signal(.specularHighlight, pin).flagged)
    }

    @Test("landmarks that move only as one piece are a flat picture; a blink and a turn are not")
    func consistency() throws {
        let base = ActiveLivenessCheckTests.frontal
        func moved(_ points: [Point], angle: Double, scale: Double, shift: Double) -> [Point] {
            points.map { p in
                Point(x: scale * (cos(angle) * p.x - sin(angle) * p.y) + shift, y: scale * (sin(angle) * p.x + cos(angle) * p.y) + shift / 2)
            }
        }
        func frames(_ sequence: [[Point]]) -> [PassiveLivenessFrame] {
            sequence.enumerated().map { PassiveLivenessFrame(image: Self.scene, time: .milliseconds(100 * $0), faces: [Self.face], landmarks: $1) }
        }
        let rigid = (0..<6).map { moved(base, angle: 0.02 * Double($0), scale: 1 + 0.03 * Double($0), shift: 4 * Double($0)) }
        let flat = PassiveSignalModel().assess(frames(rigid))
        #expect(try Self.signal(.frameConsistency, flat).flagged)
        #expect(!flat.isLive)
        let live = [base, base, ActiveLivenessCheckTests.eyes(open: 0.2), base, ActiveLivenessCheckTests.turned(-30), base]
        #expect(try !Self.signal(.frameConsistency, PassiveSignalModel().assess(frames(live))).flagged)
        #expect(PassiveSignalModel().assess(frames([base, base])).signals.allSatisfy { $0.kind != .frameConsistency })
    }

    @Test("frames without a face, or with two, are not judged")
    func failures() {
        #expect(PassiveSignalModel().assess([PassiveLivenessFrame(image: Self.scene, faces: [])]).failure == .noFace)
        let two = PassiveLivenessFrame(image: Self.scene, faces: [Self.face, DetectedFace(x: 10, y: 10, width: 150, height: 150, score: 1)])
        let result = PassiveSignalModel().assess([two])
        #expect(result.failure == .multipleFaces && !result.isLive)
    }
}
