import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing

/// Synthetic identity documents printed with a real face (`papers synth --portraits`): the
/// matcher finds the portrait on the photographed document and compares it with selfies.
@Suite("synthetic documents with real portraits", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct PortraitDocumentTests {
    /// The portrait of the largest face in a fixture photo, its box found by dlib.
    static func portrait(_ path: String) throws -> SyntheticPortrait {
        let photo = try FaceFixtures.photo(path)
        let small = photo.fitting(maximumSide: 1024)
        let scale = Double(photo.width) / Double(small.width)
        let face = try #require(try DlibFaceDetector().detectFaces(in: small).first)
        return SyntheticPortrait(name: (path as NSString).lastPathComponent, image: photo, faceX: face.x * scale,
                                 faceY: face.y * scale, faceWidth: face.width * scale, faceHeight: face.height * scale)
    }

    /// A TD2 card and a passport page of seed 3, upright within 30° (the matcher looks for faces
    /// the right way up, as dlib's detector finds them).
    @Test("an ID photo carrying a portrait matches a selfie of the same person, not of another", arguments: [0, 2])
    func matches(index: Int) throws {
        let matcher = try FaceFixtures.matcher()
        let photo = IdentityPhotoSet(width: 1280, height: 960).photo(seed: 3, index: index, portrait: try Self.portrait("face_recognition/obama.jpg")).photo
        #expect(photo.truth.portrait == "obama.jpg")
        let turn = photo.truth.rotationDegrees.truncatingRemainder(dividingBy: 360)
        try #require(min(abs(turn), 360 - abs(turn)) < 30 && photo.truth.documentInFrame && !photo.truth.heavyBlur)
        let same = try matcher.match(FaceFixtures.photo("face_recognition/obama2.jpg"), photo.image)
        #expect(same.similarity == .match, "\(same)")
        let other = try matcher.match(FaceFixtures.photo("face_recognition/biden.jpg"), photo.image)
        #expect(other.similarity == .noMatch, "\(other)")
    }
}
