import PapersCapture
import PapersImaging
import PapersSynthesis
import Testing

/// The capture session on frame sequences made from synthetic photos, delivered at 10 frames a
/// second: the document slides into view, shakes, steadies.
@Suite("Capture session")
struct CaptureSessionTests {
    static let photo: SyntheticPhoto = {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 640
        configuration.height = 360
        configuration.fillRange = 0.45...0.5
        configuration.heavyBlurRate = 0
        configuration.mildBlurRate = 0
        configuration.glareRate = 0
        configuration.outOfFrameRate = 0
        return PhotoSynthesizer(configuration: configuration).photo(seed: 21, index: 3, kind: .passportPage)
    }()

    /// The photo moved by (dx, dy) pixels, the uncovered edge filled gray.
    static func shifted(_ dx: Int, _ dy: Int = 0) -> Image {
        let source = photo.image
        var out = Image(width: source.width, height: source.height, format: source.format, fill: 110)
        let channels = source.format.channels
        for y in 0..<source.height {
            let fromY = y - dy
            guard fromY >= 0, fromY < source.height else { continue }
            for x in 0..<source.width {
                let fromX = x - dx
                guard fromX >= 0, fromX < source.width else { continue }
                for k in 0..<channels { out.pixels[(y * source.width + x) * channels + k] = source.pixels[(fromY * source.width + fromX) * channels + k] }
            }
        }
        return out
    }

    /// The photo with a white glare spot over the document's MRZ (its bottom rows).
    static let glaring: Image = {
        var image = photo.image
        let toPhoto = Homography(from: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], to: photo.truth.corners)!
        let centre = toPhoto.apply(Point(x: 0.5, y: 0.88))
        let channels = image.format.channels
        for y in max(0, Int(centre.y) - 10)..<min(image.height, Int(centre.y) + 10) {
            for x in max(0, Int(centre.x) - 30)..<min(image.width, Int(centre.x) + 30) {
                for k in 0..<channels { image.pixels[(y * image.width + x) * channels + k] = 255 }
            }
        }
        return image
    }()

    /// Runs frames through a session; returns each verdict.
    static func run(_ frames: [Image]) async -> [FrameVerdict] {
        let session = CaptureSession()
        var verdicts: [FrameVerdict] = []
        for (index, image) in frames.enumerated() {
            verdicts.append(await session.process(CaptureFrame(image: image, time: .milliseconds(100 * index))))
        }
        return verdicts
    }

    @Test("sliding in, shaking, steadying: captured once the corners held still for 0.6 s, never earlier")
    func slidesShakesSteadies() async {
        let frames = [Self.shifted(350), Self.shifted(200), Self.shifted(16), Self.shifted(-16), Self.shifted(16), Self.shifted(-16)]
            + Array(repeating: Self.photo.image, count: 10)
        let verdicts = await Self.run(frames)
        #expect(verdicts[0].guidance.first == .noDocument || verdicts[0].guidance.first == .partlyOutOfFrame)
        let captured = verdicts.firstIndex { $0.state == .captured }
        // Steady from frame 6 (0.6 s); 0.6 s later is frame 12.
        #expect(captured == 12, "\(verdicts.map(\.state))")
        #expect(verdicts[7].guidance == [.holdStill])
        #expect(verdicts[captured ?? 0].guidance == [.ready])
    }

    @Test("glare over the MRZ holds the capture back until it moves away")
    func glareOverMRZ() async {
        let frames = Array(repeating: Self.glaring, count: 8) + Array(repeating: Self.photo.image, count: 8)
        let verdicts = await Self.run(frames)
        #expect(verdicts.prefix(8).allSatisfy { $0.state != .captured && $0.guidance.contains(.reduceGlare) }, "\(verdicts.prefix(8).map(\.guidance))")
        #expect(verdicts.firstIndex { $0.state == .captured } == 14)
    }

    @Test("a sequence that never steadies is never captured; a manual capture takes the best frame")
    func neverSteady() async {
        let session = CaptureSession()
        for index in 0..<16 {
            let verdict = await session.process(CaptureFrame(image: Self.shifted(index % 2 == 0 ? 14 : -14), time: .milliseconds(100 * index)))
            #expect(verdict.state != .captured)
        }
        #expect(await session.result == nil)
        let manual = await session.captureNow()
        #expect(manual?.isImageCropped == true)
    }

    @Test("a manual capture the decisioning refuses is retaken until the policy's attempts run out")
    func retakes() async {
        // Frames with no document: nothing a decision accepts.
        let blank = Image(width: 640, height: 360, format: .rgb, fill: 120)
        let session = CaptureSession(retake: RetakeStateMachine(totalAttempts: 2))
        _ = await session.process(CaptureFrame(image: blank, time: .zero))
        #expect(await session.captureNow() == nil)
        #expect(await session.retake.rescanCount == 1)
        _ = await session.process(CaptureFrame(image: blank, time: .milliseconds(100)))
        let last = await session.captureNow()
        #expect(last != nil)
        #expect(await session.retake.state == .finished(.submittedAfterRetries))
    }

    @Test("alternating the flash keeps the best frame of each kind")
    func flashPair() async {
        let session = CaptureSession()
        for index in 0..<16 {
            let verdict = await session.process(CaptureFrame(image: Self.photo.image, time: .milliseconds(100 * index), flash: index % 2 == 1))
            if verdict.state == .captured { break }
        }
        let result = await session.result
        #expect(result?.uncroppedImage != nil)
        #expect(result?.uncroppedFlashImage != nil)
    }
}
