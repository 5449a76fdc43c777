import Foundation

/// Analyses single camera frames: finds the document, measures sharpness, glare and exposure,
/// and says what the user should do next. Pure Swift; the same on every platform.
public struct CaptureAnalyzer: Sendable {
    /// Thresholds of the verdicts, with defaults calibrated on Papers' synthetic photos.
    public struct Configuration: Sendable, Hashable {
        /// Sharpness below which a picture is blurry. Default 18 (calibrated on JPEG-compressed synthetic photos).
        public var blurThreshold = 18.0
        /// Motion blur: a picture whose sharpness in its weakest direction is under this fraction
        /// of its strongest direction's is smeared one way. Default 0.55 (sharp photos stay above
        /// 0.6 unless already far below the blur threshold; motion-blurred ones fall to 0.15–0.55).
        public var motionAnisotropy = 0.55
        /// A picture smeared one way is blurry up to this multiple of `blurThreshold`. Default 1.2.
        public var motionBlurMargin = 1.2
        /// Glare fraction from which glare is reported. Default 0.002.
        public var glareThreshold = 0.002
        /// Mean luminance below which a picture is too dark. Default 60.
        public var darkLuminance = 60.0
        /// Fraction of clipped-white pixels from which a picture is too bright. Default 0.25.
        public var brightClipFraction = 0.25
        /// Width of the straightened document the quality is measured on. Default 512.
        public var measureWidth = 512
        /// The defaults.
        public init() {}
    }

    /// The thresholds.
    public var configuration: Configuration

    /// Creates an analyser.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The result of analysing one frame, with the straightened document when one was found.
    public struct Result: Sendable {
        /// The analysis.
        public var analysis: CaptureAnalysis
        /// The detection, when a document was found.
        public var detection: DocumentDetection?
        /// The straightened gray document the quality was measured on (at most
        /// ``Configuration/measureWidth`` wide, from the top-left corner of `detection.quad`), when a
        /// whole document was found in the frame; `nil` otherwise.
        public var measured: Image?
    }

    /// Analyses a frame.
    public func analyze(_ frame: Image) -> Result {
        let plane = AnalysisPlane(frame: frame)
        let detection = DocumentDetector.detect(plane: plane, frameWidth: frame.width, frameHeight: frame.height)
        let measured: Image
        var straightened: Image?
        var toFrame: Homography?
        if let detection {
            // A document running out of the frame is judged on its visible part.
            let quad = detection.measuredQuad
            let aspect = max(0.3, min(3.5, quad.meanWidth / max(1, quad.meanHeight)))
            // Never upsample: a document smaller than the measuring width is measured at its own size,
            // so that a small but sharp document does not read as blurred.
            let outWidth = max(96, min(configuration.measureWidth, Int(quad.meanWidth.rounded())))
            let outHeight = max(16, Int(Double(outWidth) / aspect))
            // Sample from a level where the document is no more than twice the measured size (no aliasing).
            straightened = frame.straightenedGray(quad, width: outWidth, height: outHeight)
            measured = straightened ?? plane.image
            toFrame = Homography(
                from: [Point(x: 0, y: 0), Point(x: Double(outWidth), y: 0),
                       Point(x: Double(outWidth), y: Double(outHeight)), Point(x: 0, y: Double(outHeight))],
                to: quad.corners)
        } else {
            // No document: judge the centre of the frame.
            let cw = frame.width * 6 / 10, ch = frame.height * 6 / 10
            let quad = Quadrilateral(Point(x: Double(frame.width - cw) / 2, y: Double(frame.height - ch) / 2),
                                     Point(x: Double(frame.width + cw) / 2, y: Double(frame.height - ch) / 2),
                                     Point(x: Double(frame.width + cw) / 2, y: Double(frame.height + ch) / 2),
                                     Point(x: Double(frame.width - cw) / 2, y: Double(frame.height + ch) / 2))
            let outHeight = max(16, configuration.measureWidth * ch / max(1, cw))
            measured = frame.straightenedGray(quad, width: configuration.measureWidth, height: outHeight) ?? plane.image
        }
        let quality = QualityMeasures(measured)
        return Result(analysis: verdicts(quality, detection: detection, frame: frame, toFrame: toFrame), detection: detection,
                      measured: detection?.visibleQuad == nil ? straightened : nil)
    }

    func verdicts(_ quality: QualityMeasures, detection: DocumentDetection?, frame: Image, toFrame: Homography?) -> CaptureAnalysis {
        // Motion blur smears one direction: a picture clearly weaker one way is judged blurry a
        // little above the threshold too.
        let isBlurry = quality.sharpness < configuration.blurThreshold
            || (quality.anisotropy < configuration.motionAnisotropy
                && quality.sharpness < configuration.blurThreshold * configuration.motionBlurMargin)
        let glareDetected = detection != nil && quality.glareFraction >= configuration.glareThreshold
        let exposure: Exposure = quality.meanLuminance < configuration.darkLuminance || quality.clippedDark > 0.5 ? .tooDark
            : quality.clippedBright >= configuration.brightClipFraction ? .tooBright : .good
        let regions: [Quadrilateral] = toFrame.map { map in
            quality.glareBoxes.map { box in
                let (x0, y0, x1, y1) = (Double(box.x), Double(box.y), Double(box.x + box.width), Double(box.y + box.height))
                return Quadrilateral(map.apply(Point(x: x0, y: y0)), map.apply(Point(x: x1, y: y0)),
                                     map.apply(Point(x: x1, y: y1)), map.apply(Point(x: x0, y: y1)))
            }
        } ?? []

        var distance = 0.0
        var guidance: [CaptureGuidance] = []
        if let detection {
            let fill = detection.quad.area / Double(frame.width * frame.height)
            switch fill {
            case ..<0.05: distance = 0
            case ..<0.22: distance = (fill - 0.05) / 0.17
            case ..<0.8: distance = 1
            default: distance = max(0.2, 1 - (fill - 0.8) * 4)
            }
            let margin = detection.quad.corners.map { min($0.x, $0.y, Double(frame.width) - $0.x, Double(frame.height) - $0.y) }.min() ?? 0
            if !detection.isInFrame { distance *= 0.3 } else if margin < 0.01 * Double(min(frame.width, frame.height)) { distance *= 0.6 }
            if !detection.isInFrame { guidance.append(.partlyOutOfFrame) }
            if fill < 0.15 { guidance.append(.moveCloser) } else if fill > 0.85 { guidance.append(.moveFarther) }
        } else {
            guidance.append(.noDocument)
        }
        if isBlurry { guidance.append(.holdStill) }
        if glareDetected { guidance.append(.reduceGlare) }
        if exposure == .tooDark { guidance.append(.tooDark) }
        if exposure == .tooBright { guidance.append(.tooBright) }
        if guidance.isEmpty { guidance.append(.ready) }

        // Overall quality: every defect pulls the score under the 0.6 line on its own.
        var confidence = detection.map { 0.75 + 0.25 * min(1, $0.confidence / 0.8) } ?? 0.3
        let sharpnessFactor = min(1, max(0, (quality.sharpness - configuration.blurThreshold * 0.5) / configuration.blurThreshold))
        confidence *= isBlurry ? 0.7 * sharpnessFactor : 0.8 + 0.2 * min(1, sharpnessFactor)
        if glareDetected { confidence *= CaptureAnalysis.glareFactor(glareFraction: quality.glareFraction) }
        if exposure != .good { confidence *= 0.55 }
        if let detection, !detection.isInFrame { confidence *= 0.7 }

        return CaptureAnalysis(
            documentDetected: detection != nil,
            corners: detection?.quad.corners ?? [],
            detectionConfidence: detection?.confidence ?? 0,
            documentInFrame: detection?.isInFrame ?? false,
            confidence: max(0, min(1, confidence)),
            distanceConfidence: max(0, min(1, distance)),
            sharpness: quality.sharpness,
            isBlurry: isBlurry,
            glareDetected: glareDetected,
            glareFraction: glareDetected ? quality.glareFraction : 0,
            glareRegions: glareDetected ? regions : [],
            exposure: exposure,
            meanLuminance: quality.meanLuminance,
            guidance: guidance,
            faceDetected: nil)
    }
}
