import PapersCapture
import PapersImaging
import PapersSynthesis
import Testing

@Suite("Capture result and decisioning")
struct CaptureDecisionTests {
    static let synthesizer: PhotoSynthesizer = {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 640
        configuration.height = 360
        configuration.heavyBlurRate = 0
        configuration.mildBlurRate = 0
        configuration.glareRate = 0
        configuration.outOfFrameRate = 0
        return PhotoSynthesizer(configuration: configuration)
    }()

    @Test("an empty result is refused for every reason")
    func empty() {
        let decision = CaptureDecision()
        #expect(decision.problems(with: CaptureResult()) == [.noUncroppedImage, .lowQuality, .poorDistance])
        #expect(!decision.accepts(CaptureResult()))
    }

    @Test("the better frame of each kind is kept, with its crop")
    func bestFrames() throws {
        let good = Self.synthesizer.photo(seed: 11, index: 0).image
        let blank = Image(width: 640, height: 360, format: .rgb, fill: 128)
        let result = CaptureResult(frames: [blank, good], flashFrames: [blank])
        #expect(result.uncroppedImage == good)
        #expect(result.uncroppedFlashImage == blank)
        #expect(result.isImageCropped)
        #expect(!result.isFlashImageCropped)
        #expect(result.flashImage == blank)
        #expect(result.image == result.croppedImage)
        let analysis = try #require(result.captureAnalysis)
        #expect(analysis.documentDetected)
        #expect(analysis.faceDetected == nil)
        #expect(result.confidence == analysis.confidence)
    }

    @Test("thresholds are AuthenticID's 0.6 and can be tuned")
    func thresholds() {
        var decision = CaptureDecision()
        #expect(decision.minimumConfidence == 0.6 && decision.minimumDistanceConfidence == 0.6)
        let result = CaptureResult(frames: [Self.synthesizer.photo(seed: 11, index: 0).image])
        decision.minimumConfidence = 1.01
        #expect(decision.problems(with: result).contains(.lowQuality))
        decision.minimumConfidence = 0
        decision.minimumDistanceConfidence = 0
        #expect(decision.accepts(result))
    }
}
