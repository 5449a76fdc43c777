import PapersImaging

/// The outcome of capturing one side of a document, shaped like the AuthenticID SDK's result:
/// cropped and uncropped images, with and without flash, the best of each, and the analysis.
public struct CaptureResult: Sendable {
    /// The straightened document from the best frame without flash.
    public var croppedImage: Image?
    /// The straightened document from the best flash frame.
    public var croppedFlashImage: Image?
    /// The best frame without flash, as taken.
    public var uncroppedImage: Image?
    /// The best flash frame, as taken.
    public var uncroppedFlashImage: Image?
    /// The analysis of the best frame without flash.
    public var analysis: CaptureAnalysis?
    /// The analysis of the best flash frame.
    public var flashAnalysis: CaptureAnalysis?

    /// The best image without flash: cropped when the document could be cropped, else as taken.
    public var image: Image? { croppedImage ?? uncroppedImage }
    /// The best flash image: cropped when the document could be cropped, else as taken.
    public var flashImage: Image? { croppedFlashImage ?? uncroppedFlashImage }
    /// Whether the image without flash could be cropped.
    public var isImageCropped: Bool { croppedImage != nil }
    /// Whether the flash image could be cropped.
    public var isFlashImageCropped: Bool { croppedFlashImage != nil }

    /// The quality of the better of the two kinds, 0…1 (0.6 and above is good enough to process).
    public var confidence: Double { bestAnalysis?.confidence ?? 0 }
    /// The capture analysis of the better of the two kinds (distance confidence, face, sharpness, glare, exposure).
    public var captureAnalysis: CaptureAnalysis? { bestAnalysis }

    private var bestAnalysis: CaptureAnalysis? {
        switch (analysis, flashAnalysis) {
        case let (a?, b?): return b.confidence > a.confidence ? b : a
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Creates an empty result.
    public init() {}

    /// Analyses candidate frames of one side and keeps the best frame of each kind (with and
    /// without flash), its analysis, and its straightened document when one was found.
    public init(frames: [Image], flashFrames: [Image] = [], analyzer: CaptureAnalyzer = CaptureAnalyzer()) {
        self.init(best: Self.best(of: frames, analyzer: analyzer), bestFlash: Self.best(of: flashFrames, analyzer: analyzer))
    }

    /// A result from frames analysed already: the best without flash and the best with it.
    public init(best: (frame: Image, result: CaptureAnalyzer.Result)?, bestFlash: (frame: Image, result: CaptureAnalyzer.Result)?) {
        self.init()
        if let best {
            uncroppedImage = best.frame
            analysis = best.result.analysis
            croppedImage = best.result.detection.flatMap { DocumentRectifier.rectify(best.frame, quad: $0.quad) }
        }
        if let bestFlash {
            uncroppedFlashImage = bestFlash.frame
            flashAnalysis = bestFlash.result.analysis
            croppedFlashImage = bestFlash.result.detection.flatMap { DocumentRectifier.rectify(bestFlash.frame, quad: $0.quad) }
        }
    }

    private static func best(of frames: [Image], analyzer: CaptureAnalyzer) -> (frame: Image, result: CaptureAnalyzer.Result)? {
        frames.map { ($0, analyzer.analyze($0)) }.max { $0.1.analysis.confidence < $1.1.analysis.confidence }
    }
}
