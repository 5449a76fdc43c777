import Foundation
import PapersFacesDlib
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import Testing

/// The real face photos and dlib's model files the face tests need, which `scripts/face-fixtures`
/// fetches (the repository does not carry them: the photos' licence is not stated, the models are
/// large). When the script could not fetch them it leaves its reason in `UNAVAILABLE`, and the
/// tests that need them are skipped with it; when it was never run they fail, saying so.
enum FaceFixtures {
    /// `.build/face-fixtures` of this checkout.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/face-fixtures")

    /// Why the fixtures could not be fetched, when the fetch script said so.
    static let unavailable: String? = (try? String(contentsOf: root.appendingPathComponent("UNAVAILABLE"), encoding: .utf8))
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Whether the tests that need the fixtures run (they do unless the fetch was impossible).
    static let enabled = unavailable == nil

    /// The comment the skipped tests carry.
    static let skipReason: Comment = "face fixtures could not be fetched: \(unavailable ?? "")"

    /// The photo at `path` under `.build/face-fixtures/photos`, decoded in RGB.
    static func photo(_ path: String) throws -> Image {
        let url = root.appendingPathComponent("photos").appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing face photo \(path): run scripts/face-fixtures (it fetches the test photos)")
            throw RecognitionError(code: .invalidInput, detail: "missing fixture")
        }
        return try ImageCodecs.decode([UInt8](data), format: .rgb)
    }

    /// The embedder on the standard model directories.
    static func embedder() throws -> DlibFaceEmbedder {
        do {
            return try DlibFaceEmbedder()
        } catch {
            Issue.record("dlib's face models are missing (\(error)): run scripts/face-fixtures")
            throw error
        }
    }

    /// A matcher with dlib's detector and embedder.
    static func matcher() throws -> FaceMatcher {
        FaceMatcher(detector: DlibFaceDetector(), embedder: try embedder())
    }
}
