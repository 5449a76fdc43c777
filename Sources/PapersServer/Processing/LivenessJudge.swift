import Foundation
import PapersCapture
import PapersImaging
import PapersRecognition
import PapersVerification

/// Judges the frames uploaded against a liveness challenge (``ActiveLivenessCheck``) with a face
/// detector and an embedder that gives 68 landmarks.
public struct LivenessJudge: Sendable {
    /// Finds faces.
    public let detector: any FaceDetector
    /// Gives each face's 68 landmarks and descriptor.
    public let embedder: any FaceEmbedder

    /// Creates a judge.
    public init(detector: any FaceDetector, embedder: any FaceEmbedder) {
        self.detector = detector
        self.embedder = embedder
    }

    /// One uploaded frame.
    struct Frame: Sendable {
        let batchID: String
        let index: Int
        let bytes: Data
        /// The client's capture time, as sent.
        let capturedAt: String?
        /// When its batch reached the server.
        let uploadedAt: Date
    }

    /// The verdict on `frames` (in upload order) as answers to `claims`.
    func judge(_ frames: [Frame], claims: LivenessChallengeClaims, batches: [String], metadata: [String: String]?,
               decode: (Data) -> Image?) -> LivenessVerdict {
        func verdict(_ failure: String?, result: LivenessResult? = nil) -> LivenessVerdict {
            func reference(_ index: Int) -> LivenessVerdict.FrameReference? {
                frames.indices.contains(index) ? .init(batchId: frames[index].batchID, frame: frames[index].index) : nil
            }
            return LivenessVerdict(
                isLive: result?.isLive ?? false, failure: result?.failure?.rawValue ?? failure, gestures: claims.gestures, nonce: claims.nonce,
                frontalImage: result?.frontalFrame.flatMap(reference),
                steps: result?.steps.compactMap { step in
                    reference(step.frame).map { .init(gesture: step.gesture.rawValue, image: $0, milliseconds: step.milliseconds) }
                } ?? [],
                frameBatchIds: batches, metadata: metadata)
        }
        guard let challenge = claims.challenge else { return verdict("CHALLENGE_INVALID") }
        var check = ActiveLivenessCheck(challenge: challenge)
        let times = Self.times(frames.map(\.capturedAt))
        for (position, frame) in frames.enumerated() {
            guard let image = decode(frame.bytes) else { return verdict("UNDECODABLE_FRAME") }
            let observation = (try? LivenessObservation(frame: image, time: times[position], detector: detector, embedder: embedder))
                ?? LivenessObservation(time: times[position], faceCount: 0, landmarks: [], descriptor: nil)
            if check.observe(observation, receivedAt: frame.uploadedAt) != nil { break }
        }
        return verdict(nil, result: check.finish())
    }

    /// Each frame's camera time from the first: capture times sent as milliseconds or as ISO 8601
    /// when every frame has one that parses, otherwise ten frames a second.
    static func times(_ capturedAt: [String?]) -> [Duration] {
        let milliseconds = capturedAt.map { $0.flatMap(Double.init) }
        if let first = milliseconds.first, let start = first, milliseconds.allSatisfy({ $0 != nil }) {
            return milliseconds.map { .milliseconds(Int64(($0! - start).rounded())) }
        }
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        let dates = capturedAt.map { text in text.flatMap { parser.date(from: $0) ?? plain.date(from: $0) } }
        if let first = dates.first, let start = first, dates.allSatisfy({ $0 != nil }) {
            return dates.map { .milliseconds(Int64(($0!.timeIntervalSince(start) * 1000).rounded())) }
        }
        return capturedAt.indices.map { .milliseconds(Int64($0) * 100) }
    }
}
