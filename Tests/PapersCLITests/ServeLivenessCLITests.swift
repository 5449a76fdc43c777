import Foundation
import Testing

@Suite("papers serve: active liveness")
struct ServeLivenessCLITests {
    @Test("with dlib's models, the gestures the server asked for pass; a photo held still and a face swapped mid-sequence fail",
          .enabled(if: FaceCLITests.fetched, "face fixtures could not be fetched"))
    func stillAndSwapped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-liveness-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", directory.path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let server = try ServerProcess(dataDirectory: directory)
        defer { server.stop() }
        func photo(_ name: String) throws -> String {
            try Data(contentsOf: FaceCLITests.photos.appendingPathComponent(name)).base64EncodedString()
        }
        func liveness(_ names: [String]) async throws -> [String: Any]? {
            let (_, created) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications", auth: auth)
            let reference = try #require(created["scanReference"] as? String)
            let (status, issued) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/liveness", auth: auth)
            #expect(status == 201)
            let challenge = try #require(issued["challenge"] as? String)
            let frames = try names.enumerated().map { ["image": try photo($1), "capturedAt": String(200 * $0)] }
            let body = try JSONSerialization.data(withJSONObject: ["frames": frames, "label": "liveness", "metadata": ["challenge": challenge]])
            let (uploaded, _) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/frames", auth: auth,
                                                             body: body, type: "application/json")
            #expect(uploaded == 201)
            _ = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/finalize", auth: auth)
            return try await ServeCLITests.settled(server.port, "/v1/verifications/\(reference)", auth: auth)["liveness"] as? [String: Any]
        }
        // The right gestures, rendered from one photo for the challenge the server drew, pass.
        let (_, created) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications", auth: auth)
        let reference = try #require(created["scanReference"] as? String)
        let (_, issued) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/liveness", auth: auth)
        let gestures = try #require(issued["gestures"] as? [String])
        let rendered = directory.appendingPathComponent("rendered")
        let synth = try PapersExecutable.run(["synth", "--liveness", gestures.joined(separator: ","), "--face",
                                              FaceCLITests.photos.appendingPathComponent("obama.jpg").path, "--out", rendered.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: rendered.path).filter { $0.hasSuffix(".jpg") }.sorted()
        let frames = try names.enumerated().map { index, name in
            ["image": try Data(contentsOf: rendered.appendingPathComponent(name)).base64EncodedString(), "capturedAt": String(100 * index)]
        }
        let body = try JSONSerialization.data(withJSONObject: ["frames": frames, "label": "liveness",
                                                               "metadata": ["challenge": try #require(issued["challenge"] as? String)]])
        #expect(try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/frames", auth: auth,
                                             body: body, type: "application/json").0 == 201)
        _ = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/finalize", auth: auth)
        let live = try #require(try await ServeCLITests.settled(server.port, "/v1/verifications/\(reference)", auth: auth)["liveness"]
            as? [String: Any])
        #expect(live["isLive"] as? Bool == true, "\(live)")
        #expect((live["steps"] as? [[String: Any]])?.map { $0["gesture"] as? String } == gestures)

        let still = try #require(try await liveness(Array(repeating: "obama.jpg", count: 4)))
        #expect(still["isLive"] as? Bool == false)
        #expect(still["failure"] as? String == "INCOMPLETE", "\(still)")
        let swapped = try #require(try await liveness(["obama.jpg", "obama.jpg", "biden.jpg"]))
        #expect(swapped["failure"] as? String == "DIFFERENT_PERSON", "\(swapped)")
    }
}
