import PapersCapture
import PapersImaging
import PapersSynthesis
import Testing

/// The capture session on camera feeds rendered by ``CaptureSequence`` (the frames `papers synth
/// --sequence` writes), delivered at 10 frames a second.
@Suite("Capture session")
struct CaptureSessionTests {
    static let slideIn = CaptureSequence(kind: .slideIn, seed: 21, width: 640, height: 360)
    static let glareAway = CaptureSequence(kind: .glareAway, seed: 21, width: 640, height: 360)
    static let neverSteady = CaptureSequence(kind: .neverSteady, seed: 21, width: 640, height: 360)

    /// Runs a feed through a session; returns each verdict.
    static func run(_ sequence: CaptureSequence) async -> [FrameVerdict] {
        let session = CaptureSession()
        var verdicts: [FrameVerdict] = []
        for frame in sequence.frames {
            verdicts.append(await session.process(CaptureFrame(image: frame.image, time: .milliseconds(frame.truth.timeMilliseconds))))
        }
        return verdicts
    }

    @Test("sliding in, shaking, steadying: captured once the corners held still for 0.6 s, never earlier")
    func slidesShakesSteadies() async throws {
        let verdicts = await Self.run(Self.slideIn)
        #expect(verdicts[0].guidance.first == .noDocument || verdicts[0].guidance.first == .partlyOutOfFrame)
        let expected = try #require(Self.slideIn.earliestCapture(steadyDuration: AutoCapturePolicy().steadyDuration))
        let captured = verdicts.firstIndex { $0.state == .captured }
        #expect(captured == expected, "\(verdicts.map(\.state))")
        #expect(verdicts[expected - 1].guidance == [.holdStill])
        #expect(verdicts[expected].guidance == [.ready])
    }

    @Test("glare over the MRZ holds the capture back until it moves away; glare elsewhere does not")
    func glareOverMRZ() async throws {
        let verdicts = await Self.run(Self.glareAway)
        let overMRZ = Self.glareAway.frames.filter(\.truth.glareOverMRZ).map(\.truth.index)
        #expect(!overMRZ.isEmpty)
        #expect(overMRZ.allSatisfy { verdicts[$0].state != .captured && verdicts[$0].guidance.contains(.reduceGlare) },
                "\(verdicts.map(\.guidance))")
        let earliest = try #require(Self.glareAway.earliestCapture(steadyDuration: AutoCapturePolicy().steadyDuration))
        let captured = try #require(verdicts.firstIndex { $0.state == .captured })
        // Never before the MRZ is clear; at most one steady time later (glare near the page's
        // edge can move its detected outline).
        #expect((earliest...earliest + 6).contains(captured), "captured \(captured), earliest \(earliest)")
        #expect(Self.glareAway.frames[captured].truth.glareCenter != nil, "captured with glare still on the page, off the MRZ")
    }

    @Test("a sequence that never steadies is never captured; a manual capture takes the best frame")
    func neverSteady() async {
        let session = CaptureSession()
        #expect(Self.neverSteady.earliestCapture(steadyDuration: AutoCapturePolicy().steadyDuration) == nil)
        for frame in Self.neverSteady.frames {
            let verdict = await session.process(CaptureFrame(image: frame.image, time: .milliseconds(frame.truth.timeMilliseconds)))
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
            let verdict = await session.process(CaptureFrame(image: Self.slideIn.frames.last!.image, time: .milliseconds(100 * index), flash: index % 2 == 1))
            if verdict.state == .captured { break }
        }
        let result = await session.result
        #expect(result?.uncroppedImage != nil)
        #expect(result?.uncroppedFlashImage != nil)
    }
}
