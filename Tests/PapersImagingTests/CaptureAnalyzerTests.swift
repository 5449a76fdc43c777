import PapersImaging
import PapersSynthesis
import Testing

/// Capture analysis on a small, fixed set of synthetic photos (the large evaluation is `papers eval capture`).
@Suite("Capture analysis")
struct CaptureAnalyzerTests {
    static func synthesizer(blur: Bool = false, glare: Bool = false, outOfFrame: Bool = false,
                            backgrounds: [SyntheticBackground]? = nil) -> PhotoSynthesizer {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 640
        configuration.height = 360
        configuration.heavyBlurRate = blur ? 1 : 0
        configuration.mildBlurRate = 0
        configuration.glareRate = glare ? 1 : 0
        configuration.outOfFrameRate = outOfFrame ? 1 : 0
        configuration.backgrounds = backgrounds
        return PhotoSynthesizer(configuration: configuration)
    }

    /// Whether the analysis finds the photo's document within IoU 0.9 of the truth.
    static func cornersRight(_ photo: SyntheticPhoto) -> Bool {
        let analysis = CaptureAnalyzer().analyze(photo.image).analysis
        guard let found = Quadrilateral(corners: analysis.corners), let truth = Quadrilateral(corners: photo.truth.corners) else { return false }
        return found.intersectionOverUnion(with: truth) >= 0.9
    }

    @Test("corners of documents fully in frame are found (IoU ≥ 0.9 on most of a fixed sample)")
    func corners() {
        let synthesizer = Self.synthesizer()
        var inFrame = 0, right = 0
        for index in 0..<12 {
            let photo = synthesizer.photo(seed: 3, index: index)
            guard photo.truth.documentInFrame else { continue }
            inFrame += 1
            if Self.cornersRight(photo) { right += 1 }
        }
        #expect(inFrame >= 8)
        #expect(Double(right) >= 0.75 * Double(inFrame), "\(right) of \(inFrame)")
    }

    @Test("documents on a checked tablecloth, whose lines outnumber the document's, are found")
    func checkedCloth() {
        // The first 12 documents fully in frame of a fixed set: 6 are found without the coarse
        // second look (CoarseDetection), 8 with it.
        let synthesizer = Self.synthesizer(backgrounds: [.tablecloth])
        var inFrame = 0, right = 0
        for index in 0..<40 where inFrame < 12 {
            let photo = synthesizer.photo(seed: 13, index: index)
            guard photo.truth.documentInFrame else { continue }
            inFrame += 1
            if Self.cornersRight(photo) { right += 1 }
        }
        #expect(inFrame == 12)
        #expect(right >= 7, "\(right) of \(inFrame)")
    }

    @Test("the same scene sharp and heavily blurred: only the blurred one is flagged")
    func blur() {
        var flaggedSharp = 0, flaggedBlurred = 0, ordered = 0
        for index in 0..<6 {
            let sharp = CaptureAnalyzer().analyze(Self.synthesizer().photo(seed: 5, index: index).image).analysis
            let blurred = CaptureAnalyzer().analyze(Self.synthesizer(blur: true).photo(seed: 5, index: index).image).analysis
            if sharp.isBlurry { flaggedSharp += 1 }
            if blurred.isBlurry { flaggedBlurred += 1 }
            if blurred.sharpness < sharp.sharpness { ordered += 1 }
        }
        // One scene may lose its document (and with it, the region measured).
        #expect(ordered >= 5)
        #expect(flaggedSharp <= 1)
        #expect(flaggedBlurred >= 5)
    }

    @Test("a glare spot on the document is reported, with its region")
    func glare() {
        var found = 0
        for index in 0..<6 {
            let analysis = CaptureAnalyzer().analyze(Self.synthesizer(glare: true).photo(seed: 9, index: index).image).analysis
            if analysis.glareDetected {
                found += 1
                #expect(!analysis.glareRegions.isEmpty)
                #expect(analysis.guidance.contains(.reduceGlare))
            }
        }
        #expect(found >= 4)
    }

    @Test("no document: guidance says so; too dark and too bright frames are judged")
    func guidance() {
        let gray = CaptureAnalyzer().analyze(Image(width: 320, height: 240, format: .rgb, fill: 128)).analysis
        #expect(!gray.documentDetected)
        #expect(gray.corners.isEmpty)
        #expect(gray.guidance.first == .noDocument)
        #expect(gray.confidence < 0.6)
        let dark = CaptureAnalyzer().analyze(Image(width: 320, height: 240, format: .rgb, fill: 10)).analysis
        #expect(dark.exposure == .tooDark)
        #expect(dark.guidance.contains(.tooDark))
        let bright = CaptureAnalyzer().analyze(Image(width: 320, height: 240, format: .rgb, fill: 255)).analysis
        #expect(bright.exposure == .tooBright)
    }

    @Test("frames of a few pixels, any shape, gray or colour, are analysed without a crash",
          arguments: [(1, 1), (2, 2), (3, 1), (1, 5), (4, 3), (7, 2), (2, 9), (9, 9), (17, 5)])
    func tinyFrames(width: Int, height: Int) {
        for format in Image.PixelFormat.allCases {
            var frame = Image(width: width, height: height, format: format, fill: 90)
            // A bright stripe, so that there is an edge where the frame is large enough for one.
            for i in stride(from: 0, to: frame.pixels.count, by: 3) { frame.pixels[i] = 250 }
            let analysis = CaptureAnalyzer().analyze(frame).analysis
            #expect(!analysis.guidance.isEmpty, "\(width)×\(height) \(format)")
        }
    }

    @Test("a good photo reads as ready with confidence above 0.6")
    func ready() throws {
        let synthesizer = Self.synthesizer()
        let analyses = (0..<6).map { CaptureAnalyzer().analyze(synthesizer.photo(seed: 21, index: $0).image).analysis }
        let ready = analyses.filter { $0.guidance == [.ready] }
        #expect(ready.count >= 3)
        for analysis in ready { #expect(analysis.confidence >= 0.6) }
    }
}
