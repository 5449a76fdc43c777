import Foundation
import Testing

@Suite("papers serve: identity verification")
struct ServeFaceCLITests {
    @Test("with dlib's models the server compares the selfie with the front: MATCH, NO_MATCH, or NOT_POSSIBLE with the matcher's reason",
          .enabled(if: FaceCLITests.fetched, "face fixtures could not be fetched"))
    func identityVerification() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-face-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let credentials = try #require(try PapersExecutable.run(["tenant", "create", "cli", "--data-dir", directory.path]).json)
        let auth = "Basic " + Data("\(credentials["token"] as? String ?? ""):\(credentials["secret"] as? String ?? "")".utf8).base64EncodedString()
        let server = try ServerProcess(dataDirectory: directory)
        defer { server.stop() }
        func photo(_ name: String) throws -> Data { try Data(contentsOf: FaceCLITests.photos.appendingPathComponent(name)) }
        // The samples' synthetic portraits are drawn shapes, not faces.
        let document = try Data(contentsOf: PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/id-card-td2.jpg"))
        func identity(front: Data, face: Data, asked: Bool = true) async throws -> [String: Any]? {
            let (_, created) = try await ServeCLITests.call(server.port, "POST", "/v1/verifications", auth: auth,
                                                            body: Data(#"{"enableIdentityVerification":\#(asked)}"#.utf8), type: "application/json")
            let reference = try #require(created["scanReference"] as? String)
            _ = try await ServeCLITests.call(server.port, "PUT", "/v1/verifications/\(reference)/images/front", auth: auth, body: front, type: "image/jpeg")
            _ = try await ServeCLITests.call(server.port, "PUT", "/v1/verifications/\(reference)/images/face", auth: auth, body: face, type: "image/jpeg")
            _ = try await ServeCLITests.call(server.port, "POST", "/v1/verifications/\(reference)/finalize", auth: auth)
            return try await ServeCLITests.settled(server.port, "/v1/verifications/\(reference)", auth: auth)["identityVerification"]
                as? [String: Any]
        }
        let same = try #require(try await identity(front: photo("obama.jpg"), face: photo("obama2.jpg")))
        #expect(same["similarity"] as? String == "MATCH" && same["validity"] as? Bool == true, "\(same)")
        let other = try #require(try await identity(front: photo("obama.jpg"), face: photo("biden.jpg")))
        #expect(other["similarity"] as? String == "NO_MATCH", "\(other)")
        let noPortrait = try #require(try await identity(front: document, face: photo("obama.jpg")))
        #expect(noPortrait["similarity"] as? String == "NOT_POSSIBLE" && noPortrait["reason"] as? String == "NO_FACE_PRESENT", "\(noPortrait)")
        #expect(try await identity(front: document, face: photo("obama.jpg"), asked: false) == nil)
    }
}
