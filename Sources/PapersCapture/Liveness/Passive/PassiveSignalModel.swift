import Foundation
import PapersImaging
import PapersRecognition

/// The built-in passive liveness model: four hand-made signals, each with its own threshold, and
/// the frames live when none passes its threshold. Signals of a reproduced face, not a certified
/// presentation-attack detector; a trained model plugs in as another ``PassiveLivenessModel``.
///
/// - ``PassiveSignal/Kind/screenPattern``: ``Configuration/screenPeakRatio``;
/// - ``PassiveSignal/Kind/border``: the sides of the face with a long straight edge (0 to 4);
/// - ``PassiveSignal/Kind/specularHighlight``: the largest clipped blob's share of the face box;
/// - ``PassiveSignal/Kind/frameConsistency``: the landmarks' largest non-affine motion over the
///   sequence, as a share of the eye span (three frames or more with landmarks).
public struct PassiveSignalModel: PassiveLivenessModel {
    /// The thresholds. Each signal's score rises from 0 to 1 between its `…Low` and `…High`
    /// measures (falls, for frame consistency) and the signal is flagged at its threshold.
    public struct Configuration: Sendable, Hashable {
        /// The screen pattern is flagged when a bin stands this many times above its surroundings. Default 30.
        public var screenPeakRatio = 30.0
        /// The peak ratio from which the screen pattern's score rises. Default 10.
        public var screenPeakRatioLow = 10.0
        /// The peak ratio at which the screen pattern's score reaches 1. Default 100.
        public var screenPeakRatioHigh = 100.0
        /// The border is flagged with straight edges on this many sides of the face. Default 3.
        public var borderSides = 3
        /// The specular highlight is flagged when a clipped blob covers this share of the face box. Default 0.02.
        public var highlightShare = 0.02
        /// The share at which the highlight's score reaches 1 (it rises from 0). Default 0.05.
        public var highlightShareHigh = 0.05
        /// The sequence is flagged as a flat picture when its landmarks' non-affine motion stays
        /// under this share of the eye span. dlib's landmarks on one photo with sensor noise move
        /// about 0.012, on the photo slid and scaled 0.014–0.016; a rendered turn, nod or smile
        /// 0.03–0.05, a blink alone only 0.014 (four points of 51 move). Default 0.02.
        public var nonRigidMotion = 0.02
        /// The motion under which the frame consistency's score is 1. Default 0.015.
        public var nonRigidMotionLow = 0.015
        /// The motion from which the frame consistency's score is 0. Default 0.03.
        public var nonRigidMotionHigh = 0.03
        /// At most this many frames, spread over the sequence, are searched for the single-frame
        /// signals (the sequence signal uses every frame's landmarks). Default 6.
        public var maximumFramesExamined = 6
        /// A second face at least this share of the largest one's width is a second person. Default 0.5.
        public var secondFaceShare = 0.5

        /// The defaults.
        public init() {}
    }

    /// The thresholds.
    public var configuration: Configuration
    /// The model's name in results.
    public let name = "papers-signals"

    /// A model with the given thresholds.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Measures every signal the frames allow and combines them.
    public func assess(_ frames: [PassiveLivenessFrame]) -> PassiveLivenessResult {
        let withFace = frames.filter { !$0.faces.isEmpty }
        guard !withFace.isEmpty else {
            return PassiveLivenessResult(isLive: false, score: 0, failure: .noFace, model: name, signals: [])
        }
        if withFace.contains(where: { $0.faces.count > 1 && $0.faces[1].width >= configuration.secondFaceShare * $0.faces[0].width }) {
            return PassiveLivenessResult(isLive: false, score: 0, failure: .multipleFaces, model: name, signals: [])
        }
        let examined = Self.spread(withFace, count: configuration.maximumFramesExamined)
        var signals: [PassiveSignal] = []
        let c = configuration

        let ratios = examined.compactMap { ScreenPatternSignal.peakRatio(in: $0.image, face: $0.faces[0]) }
        if let ratio = ratios.max() {
            let score = Self.rising(log(max(ratio, 1)), from: log(c.screenPeakRatioLow), to: log(c.screenPeakRatioHigh))
            signals.append(PassiveSignal(kind: .screenPattern, measure: ratio, score: score, flagged: ratio >= c.screenPeakRatio))
        }
        let sides = examined.map { BorderSignal.sides(in: $0.image, face: $0.faces[0]).count }.max() ?? 0
        signals.append(PassiveSignal(kind: .border, measure: Double(sides), score: Double(sides) / 4, flagged: sides >= c.borderSides))
        let share = examined.map { SpecularHighlightSignal.largestBlobShare(in: $0.image, face: $0.faces[0]) }.max() ?? 0
        signals.append(PassiveSignal(kind: .specularHighlight, measure: share, score: Self.rising(share, from: 0, to: c.highlightShareHigh),
                                     flagged: share >= c.highlightShare))
        if let motion = FrameConsistencySignal.nonRigidMotion(withFace.map(\.landmarks)) {
            let score = 1 - Self.rising(motion, from: c.nonRigidMotionLow, to: c.nonRigidMotionHigh)
            signals.append(PassiveSignal(kind: .frameConsistency, measure: motion, score: score, flagged: motion < c.nonRigidMotion))
        }
        let strongest = signals.map(\.score).max() ?? 0
        return PassiveLivenessResult(isLive: !signals.contains(where: \.flagged), score: 1 - strongest, failure: nil,
                                     model: name, signals: signals)
    }

    /// 0 at or under `low`, 1 at or over `high`, linear between.
    static func rising(_ value: Double, from low: Double, to high: Double) -> Double {
        guard high > low else { return value >= high ? 1 : 0 }
        return min(1, max(0, (value - low) / (high - low)))
    }

    /// At most `count` frames spread evenly over `frames`, the first and the last included.
    static func spread(_ frames: [PassiveLivenessFrame], count: Int) -> [PassiveLivenessFrame] {
        guard frames.count > count, count > 1 else { return Array(frames.prefix(max(1, count))) }
        return (0..<count).map { frames[$0 * (frames.count - 1) / (count - 1)] }
    }
}
