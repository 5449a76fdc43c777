import ArgumentParser
import Foundation
import PapersCapture
import PapersFacesDlib
import PapersImaging
import PapersRecognition

/// `papers liveness --challenge left,blink,right FRAME...`: an active liveness check over selfie
/// frames; `papers liveness --passive FRAME...`: the passive signals.
struct LivenessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "liveness",
        abstract: "Judge an active liveness challenge (gestures in order), or the passive signals, on selfie frames.",
        discussion: """
        Frames are taken in name order at --fps. With --challenge, the first frame facing the camera \
        with open eyes is the reference; each gesture (left, right, up, down, blink, smile; \
        directions as the camera sees them) is measured against it from dlib's 68 landmarks, within \
        5 s of the previous one, and every face must stay the same person by dlib's descriptor. \
        With --passive, the frames are searched for signs of a reproduced face: a screen's pixel \
        grid or moiré, straight edges around the face, glare, and (over three frames or more) \
        landmarks that move only as a flat picture does. These are signals, not a certified \
        presentation-attack detector. Any answer exits 0; a frame that cannot be read exits 65.
        """
    )

    @Option(name: .long, help: "The gestures to make, in order, comma-separated.") var challenge: String?
    @Flag(name: .long, help: "Measure the passive signals instead of a challenge.") var passive = false
    @Option(name: .long, help: "Frames a second.") var fps = 10
    @Option(name: .long, help: "The directory of dlib's face model files.") var models: String?
    @Flag(name: .long, help: "Print the result as JSON.") var json = false
    @Argument(help: "A directory of frames (JPEG/PNG, in name order), or frame files.") var frames: [String]

    func run() async throws {
        guard (challenge == nil) == passive else { throw CLIOutput.fail("give either --challenge or --passive", code: 64) }
        guard let challenge else { return try runPassive() }
        let names = challenge.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let gestures = names.compactMap(LivenessGesture.init(rawValue:))
        guard !gestures.isEmpty, gestures.count == names.count else {
            throw CLIOutput.fail("--challenge takes gestures from \(LivenessGesture.allCases.map(\.rawValue).joined(separator: ", "))", code: 64)
        }
        let (files, detector, embedder) = try frameInputs()
        var check = ActiveLivenessCheck(challenge: LivenessChallenge(gestures: gestures, nonce: "cli", issuedAt: Date(), lifetime: 86_400))
        for (index, file) in files.enumerated() {
            let image = try Self.decodeFrame(file)
            let time = Duration.milliseconds(index * 1000 / fps)
            let observation: LivenessObservation
            do {
                observation = try LivenessObservation(frame: image, time: time, detector: detector, embedder: embedder)
            } catch {
                throw CLIOutput.fail(error.description, code: 70)
            }
            if check.observe(observation) != nil { break }
        }
        let result = check.finish()
        if json {
            try CLIOutput.printJSON(result)
        } else {
            print("isLive   \(result.isLive)")
            if let failure = result.failure { print("failure  \(failure.rawValue)") }
            for step in result.steps { print("\(step.gesture.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) frame \(step.frame)") }
        }
    }

    /// The frame files (checking `--fps` first) and dlib's detector and 68-landmark embedder;
    /// exits 64 for a bad `--fps`, 69 when the models cannot be loaded.
    func frameInputs() throws -> (files: [String], detector: DlibFaceDetector, embedder: DlibFaceEmbedder) {
        guard (1...60).contains(fps) else { throw CLIOutput.fail("--fps must be between 1 and 60", code: 64) }
        let files = try CaptureCommand.frameFiles(frames)
        do {
            let embedder = try DlibFaceEmbedder(models: models.map(DlibFaceModels.init(directory:)) ?? .standard(), landmarks: .sixtyEight)
            return (files, DlibFaceDetector(), embedder)
        } catch {
            throw CLIOutput.fail(error.description, code: 69)
        }
    }

    /// Frame `file` decoded; exits 65 with one line when it cannot be.
    static func decodeFrame(_ file: String) throws -> Image {
        do {
            return try CLIImages.decode(file)
        } catch {
            throw CLIOutput.fail(error.message, code: 65)
        }
    }
}
