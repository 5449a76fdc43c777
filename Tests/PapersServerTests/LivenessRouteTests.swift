import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PapersCapture
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersVerification
import Testing
@testable import PapersServer

/// Faces "seen" by their frame's pixel value: each value stands for one pose of one person, in
/// dlib's 68-point layout (a frontal template whose points are moved for each gesture), so the
/// server's liveness route is tested without a face model's variance.
struct ScriptedFaces: FaceDetector, FaceEmbedder {
    enum Pose: UInt8, CaseIterable {
        case frontal = 10, left, right, up, down, blink, smile, stranger, nobody = 250
    }

    static let frontal: [Point] = {
        var p: [Point] = (0...16).map { i in
            let t = Double.pi * Double(i) / 16
            return Point(x: 100 - 80 * cos(t), y: 80 + 140 * sin(t))
        }
        p += (0..<5).map { Point(x: 35 + Double($0) * 12, y: 60) } + (0..<5).map { Point(x: 117 + Double($0) * 12, y: 60) }
        p += (0..<4).map { Point(x: 100, y: 80 + Double($0) * 50 / 3) }
        p += (0..<5).map { Point(x: 85 + Double($0) * 7.5, y: 140) }
        for cx in [65.0, 135.0] {
            p += [Point(x: cx - 15, y: 90), Point(x: cx - 5, y: 84), Point(x: cx + 5, y: 84),
                  Point(x: cx + 15, y: 90), Point(x: cx + 5, y: 96), Point(x: cx - 5, y: 96)]
        }
        p += (0..<12).map { i in Point(x: 100 - 25 * cos(2 * .pi * Double(i) / 12), y: 175 - 8 * sin(2 * .pi * Double(i) / 12)) }
        p += (0..<8).map { i in Point(x: 100 - 18 * cos(2 * .pi * Double(i) / 8), y: 175 - 3 * sin(2 * .pi * Double(i) / 8)) }
        return p
    }()

    static func landmarks(_ pose: Pose) -> [Point] {
        func moved(_ indices: some Sequence<Int>, _ dx: Double, _ dy: Double, _ points: [Point] = frontal) -> [Point] {
            var points = points
            for i in indices { points[i] = Point(x: points[i].x + dx, y: points[i].y + dy) }
            return points
        }
        switch pose {
        case .frontal, .stranger, .nobody: return frontal
        case .left: return moved(27...35, -30, 0, moved(48...67, -15, 0))
        case .right: return moved(27...35, 30, 0, moved(48...67, 15, 0))
        case .up: return moved(30...35, 0, -14)
        case .down: return moved(30...35, 0, 14)
        case .smile: return moved([48], -5, 0, moved([54], 5, 0))
        case .blink:
            var points = frontal
            for lid in [37, 38, 40, 41, 43, 44, 46, 47] { points[lid] = Point(x: points[lid].x, y: 90 + (points[lid].y - 90) * 0.2) }
            return points
        }
    }

    static func pose(of image: Image) -> Pose? { Pose(rawValue: image.pixels[0]) }

    let matchThreshold = 0.6

    func detectFaces(in image: Image) throws(RecognitionError) -> [DetectedFace] {
        Self.pose(of: image).map { $0 == .nobody ? [] : [DetectedFace(x: 0, y: 0, width: 200, height: 220, score: 1)] } ?? []
    }

    func embed(_ face: DetectedFace, in image: Image) throws(RecognitionError) -> FaceEmbedding {
        let pose = Self.pose(of: image) ?? .frontal
        return FaceEmbedding(landmarks: Self.landmarks(pose), chip: image,
                             descriptor: FaceDescriptor(values: [Float](repeating: pose == .stranger ? 0.3 : 0.1, count: 128)))
    }

    /// A frame showing `pose`, as PNG bytes, base64.
    static func frame(_ pose: Pose) throws -> String {
        Data(try ImageCodecs.encode(Image(width: 8, height: 8, format: .gray, fill: pose.rawValue), forPath: "f.png")).base64EncodedString()
    }

    /// Frames answering `gestures` in order: three frontal, then each gesture held for two frames
    /// and a return to frontal.
    static func answer(_ gestures: [String]) throws -> [Pose] {
        var poses: [Pose] = [.frontal, .frontal, .frontal]
        for gesture in gestures {
            let pose = try #require(Pose.allCases.first { "\($0)" == gesture })
            poses += gesture == "blink" ? [.blink, .blink, .frontal, .frontal] : [pose, pose, .frontal]
        }
        return poses
    }
}

@Suite("Liveness challenges on the server")
struct LivenessRouteTests {
    static func frames(_ poses: [ScriptedFaces.Pose], challenge: String?, label: String = "liveness") throws -> Data {
        let frames = try poses.enumerated().map { ["image": try ScriptedFaces.frame($1), "capturedAt": String(1_000 + 100 * $0)] }
        var body: [String: Any] = ["frames": frames, "label": label]
        if let challenge { body["metadata"] = ["challenge": challenge, "device": "test"] }
        return try JSONSerialization.data(withJSONObject: body)
    }

    /// Creates a verification that asks for identity verification, asks for a challenge,
    /// uploads `poses(gestures)` against `token(challenge)`, finalizes and returns the result.
    static func verify(_ client: some TestClientProtocol, _ test: TestServer, poses: ([String]) throws -> [ScriptedFaces.Pose],
                       token: (String, String) throws -> String = { challenge, _ in challenge }) async throws -> [String: Any] {
        let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers([.contentType: "application/json"]),
                                               body: ByteBuffer(string: #"{"enableIdentityVerification":true}"#))
        let reference = try #require(created.json["scanReference"] as? String)
        let issued = try await client.execute(uri: "/v1/verifications/\(reference)/liveness", method: .post, headers: test.headers())
        #expect(issued.status == .created)
        let challenge = try #require(issued.json["challenge"] as? String)
        let gestures = try #require(issued.json["gestures"] as? [String])
        #expect(gestures.count == 3 && Set(gestures).count == 3)
        let uploaded = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post,
                                                headers: test.headers([.contentType: "application/json"]),
                                                body: ByteBuffer(data: try frames(try poses(gestures), challenge: try token(challenge, reference))))
        #expect(uploaded.status == .created, "\(String(buffer: uploaded.body))")
        _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
        return try await settled(client, "/v1/verifications/\(reference)", headers: test.headers())
    }

    // On SQLite only: the in-process servers of all tests on PostgreSQL share one job queue, so a
    // server without this judge could take the job (the queries themselves run on both).
    @Test("the right gestures pass; a still face, a wrong gesture and a face swap fail")
    func judged() async throws {
        let backend = Backend.sqlite
        let faces = ScriptedFaces()
        let test = try await TestServer(backend, { _ in }, livenessJudge: LivenessJudge(detector: faces, embedder: faces))
        defer { test.remove() }
        try await test.server.application().test(.router) { client in
            let live = try await Self.verify(client, test, poses: ScriptedFaces.answer)
            let verdict = try #require(live["liveness"] as? [String: Any])
            #expect(verdict["isLive"] as? Bool == true, "\(verdict)")
            #expect((verdict["steps"] as? [[String: Any]])?.count == 3)
            #expect((verdict["frontalImage"] as? [String: Any])?["frame"] as? Int == 0)
            #expect(verdict["metadata"] as? [String: String] == ["device": "test"], "the challenge token is not echoed")
            #expect((verdict["frameBatchIds"] as? [String])?.count == 1)
            #expect((live["identityVerification"] as? [String: Any])?["reason"] as? String == "NO_FACE_IMAGE")

            let still = try await Self.verify(client, test, poses: { _ in Array(repeating: .frontal, count: 12) })
            #expect((still["liveness"] as? [String: Any])?["isLive"] as? Bool == false)
            #expect((still["liveness"] as? [String: Any])?["failure"] as? String == "INCOMPLETE")
            #expect((still["identityVerification"] as? [String: Any])?["reason"] as? String == "LIVENESS_FAILED")
            #expect((still["identityVerification"] as? [String: Any])?["validity"] as? Bool == false)

            let wrong = try await Self.verify(client, test, poses: { gestures in
                try ScriptedFaces.answer(gestures.reversed())
            })
            #expect((wrong["liveness"] as? [String: Any])?["isLive"] as? Bool == false)

            let swapped = try await Self.verify(client, test, poses: { gestures in
                try ScriptedFaces.answer(gestures).enumerated().map { $0 >= 5 && $1 == .frontal ? .stranger : $1 }
            })
            #expect((swapped["liveness"] as? [String: Any])?["failure"] as? String == "DIFFERENT_PERSON")
        }
    }

    @Test("frames against no challenge, a forged, another verification's or an expired one are refused")
    func refused() async throws {
        let faces = ScriptedFaces()
        let test = try await TestServer(.sqlite, { _ in }, livenessJudge: LivenessJudge(detector: faces, embedder: faces))
        defer { test.remove() }
        let signer = TokenSigner(encryptionKey: SymmetricKey(data: test.configuration.encryptionKey!), purpose: TokenSigner.livenessChallenges)
        try await test.server.application().test(.router) { client in
            func create() async throws -> String {
                let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: test.headers())
                return try #require(created.json["scanReference"] as? String)
            }
            let reference = try await create(), other = try await create()
            let tenantID = try #require(try await test.server.database.verification(reference, tenantID: nil)).tenantID
            let foreign = try #require(try await client.execute(uri: "/v1/verifications/\(other)/liveness", method: .post,
                                                                headers: test.headers()).json["challenge"] as? String)
            let expired = try signer.token(for: LivenessChallengeClaims(
                scanReference: reference, tenantID: tenantID,
                challenge: LivenessChallenge(gestures: [.left], nonce: "n", issuedAt: Date().addingTimeInterval(-600), lifetime: 300)))
            let captureLink = try TokenSigner(encryptionKey: SymmetricKey(data: test.configuration.encryptionKey!), purpose: TokenSigner.captureLinks)
                .token(for: CaptureLinkClaims(scanReference: reference, tenantID: tenantID, expiresAt: Int(Date().timeIntervalSince1970) + 600, nonce: "n"))
            for (token, code) in [(nil, "LIVENESS_CHALLENGE_INVALID"), ("forged.token", "LIVENESS_CHALLENGE_INVALID"),
                                  (foreign, "LIVENESS_CHALLENGE_INVALID"), (captureLink, "LIVENESS_CHALLENGE_INVALID"),
                                  (expired, "LIVENESS_CHALLENGE_EXPIRED")] as [(String?, String)] {
                let response = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post,
                                                        headers: test.headers([.contentType: "application/json"]),
                                                        body: ByteBuffer(data: try Self.frames([.frontal], challenge: token)))
                #expect(response.status == .unprocessableContent)
                #expect(response.json["code"] as? String == code)
            }
            // Frames with another label are not liveness answers and need no challenge.
            let plain = try await client.execute(uri: "/v1/verifications/\(reference)/frames", method: .post,
                                                 headers: test.headers([.contentType: "application/json"]),
                                                 body: ByteBuffer(data: try Self.frames([.frontal], challenge: nil, label: "front")))
            #expect(plain.status == .created)
            _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: test.headers())
            let finalized = try await client.execute(uri: "/v1/verifications/\(reference)/liveness", method: .post, headers: test.headers())
            #expect(finalized.status == .conflict)
            let missing = try await client.execute(uri: "/v1/verifications/nope/liveness", method: .post, headers: test.headers())
            #expect(missing.status == .notFound)
            let done = try await settled(client, "/v1/verifications/\(reference)", headers: test.headers())
            #expect(done["liveness"] == nil)
        }
    }
}

@Suite("Callback bodies")
struct CallbackBodyTests {
    @Test("a verification's callback carries the selfie comparison and the liveness outcome, never the frames")
    func verificationBody() throws {
        var request = VerificationRequest()
        request.callbackUrl = "https://example.com/hook"
        var result = VerificationResult(identityVerification: IdentityVerification(similarity: "MATCH", validity: true))
        result.apply(LivenessVerdict(isLive: false, failure: "INCOMPLETE", gestures: ["left"], nonce: "n",
                                     frontalImage: .init(batchId: "b", frame: 0), steps: [], frameBatchIds: ["b"], metadata: ["device": "d"]))
        let record = VerificationRecord(id: "r", tenantID: "t", state: .done, decision: nil, request: request, result: result,
                                        createdAt: 0, updatedAt: 0)
        let event = try #require(CallbackEvent.verification(record, state: .done, result: result))
        let body = try #require(try JSONSerialization.jsonObject(with: event.body) as? [String: Any])
        #expect((body["liveness"] as? [String: Any])?["isLive"] as? Bool == false)
        #expect((body["liveness"] as? [String: Any])?["failure"] as? String == "INCOMPLETE")
        #expect((body["identityVerification"] as? [String: Any])?["reason"] as? String == "LIVENESS_FAILED")
        #expect(body["frameBatchIds"] == nil && (body["liveness"] as? [String: Any])?["metadata"] == nil)
        let document = try #require(CallbackEvent.document(id: "d", tenantID: "t", callbackURL: "https://example.com/hook", state: .done,
                                                           resolvedType: .w2))
        #expect((try JSONSerialization.jsonObject(with: document.body) as? [String: Any])?["resolvedType"] as? String == "w2")
    }
}
