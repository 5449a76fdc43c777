import Foundation
import Testing

@Suite("papers face match")
struct FaceCLITests {
    static let fixtures = PapersExecutable.repository.appendingPathComponent(".build/face-fixtures")
    static let photos = fixtures.appendingPathComponent("photos/face_recognition")
    static let fetched = !FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("UNAVAILABLE").path)

    @Test("an input that cannot be read exits 65 with one line on stderr")
    func unreadable() throws {
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("papers-face-\(UUID().uuidString).jpg")
        try Data("not a jpeg".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        for arguments in [["/nonexistent/selfie.jpg", garbage.path], [garbage.path, garbage.path]] {
            let output = try PapersExecutable.run(["face", "match", "--json"] + arguments)
            #expect(output.status == 65)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.hasPrefix("papers: ") && output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        }
    }

    @Test("a missing model directory is a one-line error naming the model")
    func missingModels() throws {
        let photo = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/id-card-td1.jpg").path
        let output = try PapersExecutable.run(["face", "match", "--models", "/nonexistent/models", photo, photo])
        #expect(output.status == 70)
        #expect(output.stderr.contains("RECOGNITION_MODEL_MISSING") && output.stderr.contains("shape_predictor_5_face_landmarks.dat"))
    }

    @Test("an answer is JSON with every field, and exits 0", .enabled(if: fetched, "face fixtures could not be fetched"))
    func answers() throws {
        let same = try PapersExecutable.run(["face", "match", "--json", Self.photos.appendingPathComponent("obama.jpg").path,
                                             Self.photos.appendingPathComponent("obama2.jpg").path])
        #expect(same.status == 0, "\(same.stderr)")
        let json = try #require(same.json, "\(same.text)")
        #expect(Set(json.keys) == ["distance", "score", "similarity", "validity", "reason"])
        #expect(json["similarity"] as? String == "MATCH" && json["validity"] as? Bool == true)
        #expect(json["reason"] is NSNull)
        #expect((json["distance"] as? Double).map { $0 < 0.6 } == true)

        let sample = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/passport-td3.jpg").path
        let none = try PapersExecutable.run(["face", "match", "--json", sample, Self.photos.appendingPathComponent("obama.jpg").path])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(none.json?["similarity"] as? String == "NOT_POSSIBLE")
        #expect(none.json?["reason"] as? String == "NO_FACE_PRESENT")
        #expect(none.json?["distance"] is NSNull)
    }

    @Test("dlib's detector model is cached between processes, and a damaged cache is rewritten")
    func detectorModelCache() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("papers-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let photo = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/id-card-td1.jpg").path
        let environment = ["XDG_CACHE_HOME": cache.path]
        let first = try PapersExecutable.run(["analyze", "--json", photo], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let model = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("papers").path)
            .first { $0.hasSuffix("frontal-face-detector.dat") })
        let file = cache.appendingPathComponent("papers").appendingPathComponent(model)
        let written = try Data(contentsOf: file)
        #expect(written.count > 100_000)

        try Data("damaged".utf8).write(to: file)
        let second = try PapersExecutable.run(["analyze", "--json", photo], environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.json?["faceDetected"] as? Bool == first.json?["faceDetected"] as? Bool)
        #expect(try Data(contentsOf: file) == written)
    }
}
