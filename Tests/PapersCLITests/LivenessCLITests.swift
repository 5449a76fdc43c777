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
