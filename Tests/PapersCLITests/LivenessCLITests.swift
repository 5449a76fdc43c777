import Foundation
import Testing

@Suite("papers liveness")
struct LivenessCLITests {
    @Test("real faces: another person after the frontal frame fails as DIFFERENT_PERSON; a still face never blinks",
          .enabled(if: FaceCLITests.fetched, "face fixtures could not be fetched"))
    func realFaces() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-liveness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for index in 0..<4 {
            try FileManager.default.copyItem(at: FaceCLITests.photos.appendingPathComponent("obama.jpg"),
                                             to: directory.appendingPathComponent("f\(index).jpg"))
        }
        try FileManager.default.copyItem(at: FaceCLITests.photos.appendingPathComponent("biden.jpg"), to: directory.appendingPathComponent("f4.jpg"))
        let swapped = try PapersExecutable.run(["liveness", "--challenge", "left,blink", "--json", directory.path])
        #expect(swapped.status == 0, "\(swapped.stderr)")
        let json = try #require(swapped.json, "\(swapped.text)")
        #expect(json["isLive"] as? Bool == false)
        #expect(json["failure"] as? String == "DIFFERENT_PERSON")
        #expect(json["frontalFrame"] as? Int == 0)
        let still = try PapersExecutable.run(["liveness", "--challenge", "blink", "--json",
                                              directory.appendingPathComponent("f0.jpg").path, directory.appendingPathComponent("f1.jpg").path])
        #expect(still.json?["failure"] as? String == "INCOMPLETE")
    }

    @Test("frames papers synth renders from one photo pass the challenge and the passive signals",
          .enabled(if: FaceCLITests.fetched, "face fixtures could not be fetched"))
    func rendered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-liveness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let synth = try PapersExecutable.run(["synth", "--liveness", "left,smile", "--face",
                                              FaceCLITests.photos.appendingPathComponent("obama.jpg").path, "--out", directory.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("liveness.json"))) as? [String: Any]
        let frames = try #require(truth?["frames"] as? [[String: Any]])
        #expect(frames.count == 17)
        #expect((frames[5]["truth"] as? [String: Any])?["gesture"] as? String == "left")
        let active = try PapersExecutable.run(["liveness", "--challenge", "left,smile", "--json", directory.path])
        #expect(active.json?["isLive"] as? Bool == true, "\(active.text)")
        let passive = try PapersExecutable.run(["liveness", "--passive", "--json", directory.path])
        let json = try #require(passive.json, "\(passive.text)")
        #expect(json["isLive"] as? Bool == true)
        let signals = (json["signals"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(signals == ["SCREEN_PATTERN", "BORDER", "SPECULAR_HIGHLIGHT", "FRAME_CONSISTENCY"])
        #expect(try PapersExecutable.run(["liveness", "--passive", "--challenge", "left", directory.path]).status == 64)
    }

    @Test("an unknown gesture is a usage error; an unreadable frame exits 65")
    func refusals() throws {
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("papers-liveness-\(UUID().uuidString).jpg")
        try Data("not a jpeg".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        #expect(try PapersExecutable.run(["liveness", "--challenge", "left,fly", garbage.path]).status == 64)
        let unreadable = try PapersExecutable.run(["liveness", "--challenge", "left", garbage.path])
        // Without dlib's models (fixtures not fetched) the models are missing first: 69.
        #expect(unreadable.status == (FaceCLITests.fetched ? 65 : 69), "\(unreadable.stderr)")
    }
}
