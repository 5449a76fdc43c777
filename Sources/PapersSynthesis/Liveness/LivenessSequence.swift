import Foundation
import PapersImaging

/// Selfie frames of a liveness challenge rendered from one photo (``SyntheticFace``), with each
/// frame's gesture: a few frames facing the camera, then for each gesture a move into it, a hold
/// and a move back. Every frame gets its own sensor noise, so no two frames are the same bytes.
///
/// A test device for the liveness checks: what a cooperative user's camera would deliver, drawn
/// from one picture. It says nothing about how real attacks look.
public struct LivenessSequence: Sendable {
    /// How the gestures are rendered.
    public struct Configuration: Sendable, Hashable {
        /// Frames a second. Default 10.
        public var framesPerSecond = 10
        /// Frames facing the camera before the first gesture. Default 3.
        public var leadIn = 3
        /// Frames moving into each gesture and, again, out of it. Default 2.
        public var transition = 2
        /// Frames holding each gesture. Default 2.
        public var hold = 2
        /// The turn of `left`/`right`, as a share of the jaw's width. Default 0.2.
        public var turn = 0.2
        /// The nod of `up`/`down`, as a share of the eyes-to-chin height. Default 0.12.
        public var nod = 0.12
        /// How far a smile pulls the mouth corners apart, as a share of the mouth's width. Default 0.25.
        public var smile = 0.25
        /// The sensor noise's standard deviation, in 8-bit levels. Default 1.5.
        public var noise = 1.5
        /// The defaults.
        public init() {}
    }

    /// One rendered frame.
    public struct Frame: Sendable {
        /// The frame, RGB.
        public let image: Image
        /// What it shows.
        public let truth: Truth
    }

    /// The ground truth of one frame.
    public struct Truth: Sendable, Hashable, Codable {
        /// The frame's number, from 0.
        public var index: Int
        /// Camera time from the first frame, in milliseconds.
        public var timeMilliseconds: Int
        /// The gesture under way (moving into it, holding it or moving out), `nil` facing the camera.
        public var gesture: SyntheticFaceGesture?
        /// How far into the gesture, from 0 to 1 (1 while it is held).
        public var extent: Double
        /// The pose rendered.
        public var pose: FacePose
    }

    /// The gestures rendered, in order.
    public let gestures: [SyntheticFaceGesture]
    /// The frames.
    public let frames: [Frame]

    /// Renders `gestures` in order on `face`; the same seed gives the same frames.
    public init(face: SyntheticFace, gestures: [SyntheticFaceGesture], seed: UInt64 = 1,
                configuration: Configuration = Configuration()) {
        self.gestures = gestures
        var random = SeededRandom(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 11)
        var plan: [(SyntheticFaceGesture?, Double)] = Array(repeating: (nil, 0), count: configuration.leadIn)
        for gesture in gestures {
            let steps = max(1, configuration.transition)
            let into = (1...steps).map { (Optional(gesture), Double($0) / Double(steps + 1)) }
            plan += into + Array(repeating: (gesture, 1), count: max(1, configuration.hold)) + into.reversed()
            plan.append((nil, 0))
        }
        frames = plan.enumerated().map { index, step in
            let pose = Self.pose(step.0, extent: step.1, configuration: configuration)
            var image = face.rendered(pose)
            if configuration.noise > 0 { Self.addNoise(&image, sigma: configuration.noise, random: &random) }
            let truth = Truth(index: index, timeMilliseconds: index * 1000 / max(1, configuration.framesPerSecond),
                              gesture: step.0, extent: step.1, pose: pose)
            return Frame(image: image, truth: truth)
        }
    }

    /// Adds uniform noise of standard deviation `sigma` to every byte, 16 draws from each random word.
    static func addNoise(_ image: inout Image, sigma: Double, random: inout SeededRandom) {
        // A uniform nibble (0…15) has a standard deviation of 4.61.
        let scale = sigma / 4.61
        var word: UInt64 = 0
        for i in 0..<image.pixels.count {
            if i % 16 == 0 { word = random.next() }
            let nibble = Double(Int(word & 15)) - 7.5
            word >>= 4
            image.pixels[i] = UInt8(max(0, min(255, (Double(image.pixels[i]) + nibble * scale).rounded())))
        }
    }

    /// The pose of `gesture` at `extent`.
    static func pose(_ gesture: SyntheticFaceGesture?, extent: Double, configuration: Configuration) -> FacePose {
        switch gesture {
        case nil: return .frontal
        case .left: return FacePose(yaw: -configuration.turn * extent)
        case .right: return FacePose(yaw: configuration.turn * extent)
        case .up: return FacePose(pitch: -configuration.nod * extent)
        case .down: return FacePose(pitch: configuration.nod * extent)
        case .blink: return FacePose(eyesClosed: extent)
        case .smile: return FacePose(smile: configuration.smile * extent)
        }
    }
}
