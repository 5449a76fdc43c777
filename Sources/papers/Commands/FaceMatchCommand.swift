import ArgumentParser
import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition

/// `papers face match A B`: are the faces in two photos the same person?
struct FaceMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide whether two photos (a selfie, an ID document, a portrait) show the same person.",
        discussion: """
        A photo of an ID document is matched by the portrait on it, whichever argument it is. The \
        answer is MATCH or NO_MATCH at dlib's published distance threshold (0.6), or NOT_POSSIBLE \
        with a reason (NO_FACE_PRESENT, FACE_NOT_FULLY_VISIBLE, MULTIPLE_PEOPLE, BAD_QUALITY, \
        BLACK_AND_WHITE, ENTIRE_ID_USED_AS_SELFIE, SELFIE_CROPPED_FROM_ID); every answer exits 0. \
        dlib's model files are looked for in --models, or the directory PAPERS_FACE_MODELS names, \
        or ~/.local/share/papers/face-models (scripts/face-models installs them there).
        """
    )

    @Flag(name: .long, help: "Print the answer as JSON: distance, score, similarity, validity, reason.") var json = false
    @Option(name: .long, help: "The directory of dlib's face model files.") var models: String?
    @Argument(help: "The first photo (JPEG or PNG), e.g. the selfie.") var first: String
    @Argument(help: "The second photo, e.g. the ID document.") var second: String

    func run() async throws {
        // An input that cannot be read is the caller's data error (65), whatever the cause.
        let images: [Image]
        do {
            images = try [first, second].map { path throws(CLIImageError) in try CLIImages.decode(path) }
        } catch {
            throw CLIOutput.fail(error.message, code: 65)
        }
        let answer: FaceMatch
        do {
            let embedder = try DlibFaceEmbedder(models: models.map(DlibFaceModels.init(directory:)) ?? .standard())
            answer = try FaceMatcher(detector: DlibFaceDetector(), embedder: embedder).match(images[0], images[1])
        } catch {
            throw CLIOutput.fail(error.description, code: error.code == .invalidInput ? 65 : 70)
        }
        if json {
            try CLIOutput.printJSON(FaceMatchOutput(answer))
        } else {
            print("similarity  \(answer.similarity.rawValue)")
            print("validity    \(answer.validity)")
            if let reason = answer.reason { print("reason      \(reason.rawValue)") }
            if let distance = answer.distance, let score = answer.score {
                print("distance    \(String(format: "%.4f", distance))")
                print("score       \(String(format: "%.4f", score))")
            }
        }
    }
}

/// The JSON of `papers face match --json`: every field present, `null` where there is no value.
struct FaceMatchOutput: Encodable {
    let answer: FaceMatch

    init(_ answer: FaceMatch) {
        self.answer = answer
    }

    private enum CodingKeys: String, CodingKey {
        case distance, score, similarity, validity, reason
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Rounded so that the same answer prints the same text on every machine.
        try container.encode(answer.distance.map { ($0 * 10_000).rounded() / 10_000 }, forKey: .distance)
        try container.encode(answer.score.map { ($0 * 10_000).rounded() / 10_000 }, forKey: .score)
        try container.encode(answer.similarity, forKey: .similarity)
        try container.encode(answer.validity, forKey: .validity)
        try container.encode(answer.reason, forKey: .reason)
    }
}
