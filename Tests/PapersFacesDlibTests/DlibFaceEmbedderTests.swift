import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import Testing

@Suite("dlib face embedder")
struct DlibFaceEmbedderTests {
    @Test("a model directory without the models is a typed error naming the file")
    func missingModels() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("papers-no-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for directory in [empty.path, "/nonexistent/papers-face-models"] {
            #expect { try DlibFaceEmbedder(models: DlibFaceModels(directory: directory)) } throws: { error in
                guard let error = error as? RecognitionError, error.code == .modelMissing else { return false }
                return error.detail?.contains(DlibFaceModels.fivePointPredictor) == true
            }
        }
    }

    @Test("a model file that is not a model is a typed error", arguments: DlibFaceEmbedder.Landmarks.allCases)
    func corruptModel(landmarks: DlibFaceEmbedder.Landmarks) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-bad-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in [DlibFaceModels.fivePointPredictor, DlibFaceModels.sixtyEightPointPredictor] {
            try Data("not a shape predictor".utf8).write(to: directory.appendingPathComponent(file))
        }
        #expect { try DlibFaceEmbedder(models: DlibFaceModels(directory: directory.path), landmarks: landmarks) } throws: {
            ($0 as? RecognitionError)?.code == .modelCorrupt
        }
    }

    @Test("PAPERS_FACE_MODELS names the only directory searched")
    func environment() {
        #expect(DlibFaceModels.standard(environment: ["PAPERS_FACE_MODELS": "/models", "HOME": "/home/a"]).directories == ["/models"])
        let standard = DlibFaceModels.standard(environment: ["HOME": "/home/a"]).directories
        #expect(standard.first == "/home/a/.local/share/papers/face-models")
        #expect(standard.last == "/usr/share/dlib")
    }

    @Test("descriptor distances are symmetric and zero to themselves")
    func distances() {
        let a = FaceDescriptor(values: [0, 3, 0]), b = FaceDescriptor(values: [4, 0, 0])
        #expect(a.distance(to: b) == 5 && b.distance(to: a) == 5 && a.distance(to: a) == 0)
        #expect(a.distance(to: FaceDescriptor(values: [1])) == nil)
        #expect(FaceMatcher.score(distance: 0, threshold: 0.6) == 1)
        #expect(FaceMatcher.score(distance: 0.6, threshold: 0.6) == 0.5)
        #expect(FaceMatcher.score(distance: 2, threshold: 0.6) == 0)
    }
}

/// The embedder on real faces (the fixtures `scripts/face-fixtures` fetches).
@Suite("dlib face embedder on real faces", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct DlibFaceEmbedderPhotoTests {
    @Test("landmarks fall on the face, the chip is 150×150, the descriptor 128 values", arguments: DlibFaceEmbedder.Landmarks.allCases)
    func embedding(landmarks: DlibFaceEmbedder.Landmarks) throws {
        let photo = try FaceFixtures.photo("face_recognition/obama.jpg")
        let face = try #require(try DlibFaceDetector().detectFaces(in: photo).first)
        let embedder = try DlibFaceEmbedder(landmarks: landmarks)
        let embedding = try embedder.embed(face, in: photo)
        #expect(embedding.landmarks.count == (landmarks == .five ? 5 : 68))
        for point in embedding.landmarks {
            #expect(point.x > face.x - face.width * 0.2 && point.x < face.x + face.width * 1.2)
            #expect(point.y > face.y - face.height * 0.2 && point.y < face.y + face.height * 1.2)
        }
        #expect(embedding.chip.width == 150 && embedding.chip.height == 150 && embedding.chip.format == .rgb)
        #expect(embedding.descriptor.values.count == 128)
        // The same face in RGBA and with padded rows is described the same.
        var rgba = Image(width: photo.width, height: photo.height, format: .rgba, fill: 255)
        for i in 0..<photo.pixelCount { for k in 0..<3 { rgba.pixels[i * 4 + k] = photo.pixels[i * 3 + k] } }
        #expect(try embedder.embed(face, in: rgba).descriptor == embedding.descriptor)
    }

    @Test("concurrent embeddings agree")
    func concurrent() async throws {
        let photo = try FaceFixtures.photo("face_recognition/biden.jpg").fitting(maximumSide: 1024)
        let face = try #require(try DlibFaceDetector().detectFaces(in: photo).first)
        let embedder = try FaceFixtures.embedder()
        let expected = try embedder.embed(face, in: photo).descriptor
        let results = try await withThrowingTaskGroup(of: FaceDescriptor.self) { group in
            for _ in 0..<4 { group.addTask { try embedder.embed(face, in: photo).descriptor } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
