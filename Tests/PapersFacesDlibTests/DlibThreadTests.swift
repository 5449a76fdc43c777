import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import Testing

@Suite("dlib from many threads", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct DlibThreadTests {
    @Test("different faces detected and described at once each get their own result")
    func differentFaces() throws {
        // Real threads rather than tasks: the cooperative pool may run only two at a time.
        let photos = try ["face_recognition/biden.jpg", "face_recognition/obama.jpg"].map { try FaceFixtures.photo($0).fitting(maximumSide: 640) }
        let faces = try photos.map { try #require(try DlibFaceDetector().detectFaces(in: $0).first) }
        let embedder = try DlibFaceEmbedder(landmarks: .sixtyEight)
        let expected = try (0..<2).map { try embedder.embed(faces[$0], in: photos[$0]).descriptor }
        let bad = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let k = i % 2
            let got = try? embedder.embed(faces[k], in: photos[k]).descriptor
            if got != expected[k] { bad.add() }
            let found = try? DlibFaceDetector().detectFaces(in: photos[k]).first
            if found != faces[k] { bad.add() }
        }
        #expect(bad.value == 0)
    }
}

/// A count shared by the threads of `concurrentPerform`.
final class FailureCount: @unchecked Sendable {
    // Safety: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

