/// Something that judges selfie frames without asking the user to do anything (TrustVision's
/// `passive` liveness mode): the built-in ``PassiveSignalModel`` combines hand-made signals; an
/// operator can plug in a trained presentation-attack detector behind the same protocol.
public protocol PassiveLivenessModel: Sendable {
    /// The model's name, reported in the result.
    var name: String { get }

    /// Judges one frame or a sequence of frames of one selfie.
    ///
    /// - Throws: when the model cannot run (a missing or damaged model file); frames it cannot
    ///   judge are an answer with a ``PassiveLivenessResult/Failure``, not an error.
    func assess(_ frames: [PassiveLivenessFrame]) throws -> PassiveLivenessResult
}
