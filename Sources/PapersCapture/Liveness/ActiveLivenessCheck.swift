import Foundation
import PapersRecognition

/// Judges a frame sequence against a ``LivenessChallenge``, frame by frame: a value whose every
/// transition is ``observe(_:)``, so a server can feed it frames as they arrive and a test can
/// replay a sequence.
///
/// The first frame with one face looking at the camera, eyes open, becomes the frontal
/// reference; every gesture is measured against the user's own reference, not an absolute
/// face. Head turns move the nose tip across (``FaceGeometry/yaw``) or down the face
/// (``FaceGeometry/pitch``); a blink is the eyes closing under 60% of their reference
/// openness and opening again; a smile widens the mouth by 12%. Each gesture must come within
/// the challenge's step time; every frame's descriptor must stay within the match threshold of
/// the reference (a swap of person mid-sequence fails).
public struct ActiveLivenessCheck: Sendable {
    /// The thresholds, as fractions of the face's own measures.
    public struct Thresholds: Sendable, Hashable {
        /// How far the nose tip must move across the face for `left`/`right`.
        public var turn = 0.12
        /// How far it must move down the face (relative to its frontal place) for `up`/`down`.
        public var nod = 0.08
        /// The eye openness, relative to the reference, under which the eyes count as shut.
        public var eyesShut = 0.6
        /// The openness, relative to the reference, over which they count as open again.
        public var eyesOpen = 0.85
        /// The mouth width, relative to the reference, from which a smile counts.
        public var smile = 1.12
        /// How far the nose tip may be from the middle of the face in the frontal frame.
        public var frontalYaw = 0.06
        /// The descriptor distance under which two frames show the same person (dlib's 0.6).
        public var samePerson = 0.6
        /// Creates the defaults.
        public init() {}
    }

    /// The challenge judged.
    public let challenge: LivenessChallenge
    /// The thresholds used.
    public let thresholds: Thresholds
    /// The verdict once there is one: live after the last gesture, or a failure.
    public private(set) var result: LivenessResult?

    private var frame = -1
    private var lastTime: Duration?
    private var reference: (frame: Int, geometry: FaceGeometry, descriptor: [Float]?)?
    private var stepStart: Duration = .zero
    private var steps: [LivenessResult.Step] = []
    private var eyesWereShut = false

    /// A check of `challenge`.
    public init(challenge: LivenessChallenge, thresholds: Thresholds = Thresholds()) {
        self.challenge = challenge
        self.thresholds = thresholds
    }

    /// Takes the next frame; returns the verdict once there is one (later frames change nothing).
    /// `receivedAt` is when the frame reached the judge, checked against the challenge's expiry.
    @discardableResult
    public mutating func observe(_ observation: LivenessObservation, receivedAt: Date = Date()) -> LivenessResult? {
        guard result == nil else { return result }
        frame += 1
        if receivedAt > challenge.expiresAt || (lastTime.map { observation.time < $0 } ?? false) { return fail(.expired) }
        lastTime = observation.time
        if observation.faceCount > 1 { return fail(.multipleFaces) }
        guard observation.faceCount == 1, let geometry = FaceGeometry(landmarks: observation.landmarks) else {
            return timedOut(observation.time) ? fail(reference == nil ? .noFrontalFace : .gestureTimedOut) : nil
        }
        guard let reference else {
            if abs(geometry.yaw - 0.5) <= thresholds.frontalYaw, geometry.eyeOpenness > 0.2 {
                self.reference = (frame, geometry, observation.descriptor)
                stepStart = observation.time
            } else if timedOut(observation.time) {
                return fail(.noFrontalFace)
            }
            return nil
        }
        if let first = reference.descriptor, let now = observation.descriptor {
            guard !first.isEmpty, let distance = FaceDescriptor(values: first).distance(to: FaceDescriptor(values: now)),
                  distance < thresholds.samePerson else { return fail(.differentPerson) }
        }
        let gesture = challenge.gestures[steps.count]
        if made(gesture, geometry, against: reference.geometry) {
            steps.append(.init(gesture: gesture, frame: frame, milliseconds: Self.milliseconds(observation.time)))
            stepStart = observation.time
            eyesWereShut = false
            if steps.count == challenge.gestures.count {
                result = LivenessResult(isLive: true, failure: nil, nonce: challenge.nonce, frontalFrame: reference.frame, steps: steps)
            }
            return result
        }
        return timedOut(observation.time) ? fail(.gestureTimedOut) : nil
    }

    /// The verdict when the frames have ended: `incomplete` if no verdict came before.
    public mutating func finish() -> LivenessResult {
        if let result { return result }
        return fail(reference == nil ? .noFrontalFace : .incomplete)
    }

    private mutating func made(_ gesture: LivenessGesture, _ face: FaceGeometry, against frontal: FaceGeometry) -> Bool {
        switch gesture {
        case .left: return face.yaw <= frontal.yaw - thresholds.turn
        case .right: return face.yaw >= frontal.yaw + thresholds.turn
        case .up: return face.pitch <= frontal.pitch - thresholds.nod
        case .down: return face.pitch >= frontal.pitch + thresholds.nod
        case .smile: return face.mouthWidth >= frontal.mouthWidth * thresholds.smile
        case .blink:
            if face.eyeOpenness <= frontal.eyeOpenness * thresholds.eyesShut { eyesWereShut = true; return false }
            return eyesWereShut && face.eyeOpenness >= frontal.eyeOpenness * thresholds.eyesOpen
        }
    }

    private func timedOut(_ time: Duration) -> Bool {
        time - stepStart > challenge.stepTimeLimit
    }

    private mutating func fail(_ failure: LivenessResult.Failure) -> LivenessResult {
        let verdict = LivenessResult(isLive: false, failure: failure, nonce: challenge.nonce, frontalFrame: reference?.frame, steps: steps)
        result = verdict
        return verdict
    }

    static func milliseconds(_ time: Duration) -> Int {
        Int(time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000)
    }
}
