import PapersImaging
import PapersRecognition

/// The capture of one side while the camera runs: each frame is analysed, guidance is published
/// as it changes, and the side is captured by itself once the document is found, whole, steady
/// for the policy's time, sharp, well exposed, close enough and free of glare over its MRZ (or,
/// when none is seen, over the long edges where one is printed) — never earlier. The best frame
/// without flash and the best with flash are kept for the result.
///
/// ```swift
/// let session = CaptureSession()
/// for await frame in camera {
///     let verdict = await session.process(frame)
///     show(verdict.guidance)
///     if verdict.state == .captured { break }
/// }
/// let result = await session.result        // CaptureResult (AuthenticID's shape)
/// ```
public actor CaptureSession {
    /// When to capture by itself.
    public let policy: AutoCapturePolicy
    private let analyzer: CaptureAnalyzer
    private var steadiness = SteadinessTracker()
    private var best: (frame: Image, result: CaptureAnalyzer.Result)?
    private var bestFlash: (frame: Image, result: CaptureAnalyzer.Result)?
    private var lastGuidance: [CaptureGuidance] = []
    /// The best frame with a document in it, good or not: what a manual capture takes.
    private var bestAny: (frame: Image, result: CaptureAnalyzer.Result)?
    /// AuthenticID's retake policy over manual captures the decisioning refuses.
    public private(set) var retake: RetakeStateMachine
    /// The decisioning a manual capture must pass.
    public let decision: CaptureDecision
    /// The captured side, once there is one.
    public private(set) var result: CaptureResult?
    /// Guidance each time it changes.
    public nonisolated let guidanceUpdates: AsyncStream<[CaptureGuidance]>
    private let guidanceContinuation: AsyncStream<[CaptureGuidance]>.Continuation

    /// Creates a session.
    public init(policy: AutoCapturePolicy = AutoCapturePolicy(), analyzer: CaptureAnalyzer = CaptureAnalyzer(),
                decision: CaptureDecision = CaptureDecision(), retake: RetakeStateMachine = RetakeStateMachine()) {
        self.policy = policy
        self.analyzer = analyzer
        self.decision = decision
        self.retake = retake
        (guidanceUpdates, guidanceContinuation) = AsyncStream.makeStream(of: [CaptureGuidance].self)
    }

    deinit { guidanceContinuation.finish() }

    /// Analyses a frame and decides: guidance, and whether the side is now captured.
    public func process(_ frame: CaptureFrame) -> FrameVerdict {
        guard result == nil else { return FrameVerdict(guidance: [.ready], state: .captured, blurHint: false) }
        let analysed = analyzer.analyze(frame.image)
        let analysis = analysed.analysis
        var guidance = Self.guidance(for: analysed, policy: policy)
        let good = guidance.isEmpty
        if analysis.documentDetected, !frame.flash, analysis.confidence > bestAny?.result.analysis.confidence ?? -1 {
            bestAny = (frame.image, analysed)
        }
        // Steadiness is the corners' alone: a document that holds still while glare moves over it stays steady.
        if analysis.documentDetected, analysis.documentInFrame {
            steadiness.add(analysis.corners, at: frame.time)
        } else {
            steadiness.reset()
        }
        if good { keep(frame, analysed) }
        var state = FrameVerdict.State.searching
        if good {
            if steadiness.steadyTime(tolerance: policy.cornerTolerance) >= policy.steadyDuration {
                result = captured()
                state = .captured
                guidance = [.ready]
            } else {
                state = .steadying
                guidance = [.holdStill]
            }
        }
        if guidance != lastGuidance {
            lastGuidance = guidance
            guidanceContinuation.yield(guidance)
        }
        return FrameVerdict(guidance: guidance, state: state, blurHint: analysis.isBlurry)
    }

    /// Captures now, by hand: the best good frame so far, else the best frame with a document.
    /// The decisioning judges it; a refused capture is retaken (the frames so far are dropped and
    /// `nil` comes back) until the retake policy's attempts run out, when the last one is kept
    /// anyway (the server may read what the device could not).
    public func captureNow() -> CaptureResult? {
        guard result == nil else { return result }
        let candidate = best != nil || bestFlash != nil ? captured() : CaptureResult(best: bestAny, bestFlash: nil)
        guard retake.handle(.captured) == .process else { return nil }
        if decision.accepts(candidate) {
            _ = retake.handle(.processingSucceeded)
            result = candidate
        } else if case .submit(anyway: true) = retake.handle(.processingFailed) {
            result = candidate
        } else {
            best = nil; bestFlash = nil; bestAny = nil
            steadiness.reset()
        }
        return result
    }

    /// What stands in the way of capturing this frame, most important first; empty when nothing.
    static func guidance(for analysed: CaptureAnalyzer.Result, policy: AutoCapturePolicy) -> [CaptureGuidance] {
        let analysis = analysed.analysis
        guard analysis.documentDetected else { return [.noDocument] }
        guard analysis.documentInFrame else { return [.partlyOutOfFrame] }
        var problems = analysis.guidance.filter { $0 != .ready && $0 != .reduceGlare }
        if analysis.isBlurry, !problems.contains(.holdStill) { problems.append(.holdStill) }
        // Glare counts only over what must be read; the MRZ is looked for only when there is glare.
        var confidence = analysis.confidence
        if analysis.glareDetected {
            if analysis.glareOverlaps(rows: SideScan.mrzZones(analysed.measured.flatMap(MRZBand.rows(in:)))) {
                problems.append(.reduceGlare)
            } else {
                confidence = analysis.confidenceDespiteGlare
            }
        }
        if problems.isEmpty, confidence < policy.minimumConfidence || analysis.distanceConfidence < policy.minimumDistanceConfidence {
            problems.append(analysis.distanceConfidence < policy.minimumDistanceConfidence ? .moveCloser : .holdStill)
        }
        return problems
    }

    private func keep(_ frame: CaptureFrame, _ analysed: CaptureAnalyzer.Result) {
        if frame.flash {
            if analysed.analysis.confidence > bestFlash?.result.analysis.confidence ?? -1 { bestFlash = (frame.image, analysed) }
        } else if analysed.analysis.confidence > best?.result.analysis.confidence ?? -1 {
            best = (frame.image, analysed)
        }
    }

    private func captured() -> CaptureResult {
        CaptureResult(best: best, bestFlash: bestFlash)
    }
}
