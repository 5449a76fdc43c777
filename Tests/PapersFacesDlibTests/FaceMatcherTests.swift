import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import Testing

/// The matcher on real faces: the test photos of Python's face_recognition and dlib's examples,
/// which `scripts/face-fixtures` fetches.
@Suite("face matching on real faces", .enabled(if: FaceFixtures.enabled, FaceFixtures.skipReason))
struct FaceMatcherTests {
    @Test("photos of one person match", arguments: [
        ("face_recognition/obama.jpg", "face_recognition/obama2.jpg"),
        ("face_recognition/obama.jpg", "face_recognition/obama3.jpg"),
        ("dlib/johns/John_Salley/000179_02159509.jpg", "dlib/johns/John_Salley/000183_02159543.jpg"),
        ("dlib/johns/John_Savage/000264_01099001.jpg", "dlib/johns/John_Savage/000274_01099061.jpg"),
    ])
    func samePerson(first: String, second: String) throws {
        let answer = try FaceFixtures.matcher().match(FaceFixtures.photo(first), FaceFixtures.photo(second))
        #expect(answer.similarity == .match)
        #expect(answer.validity && answer.reason == nil)
        let distance = try #require(answer.distance)
        #expect(distance < 0.6)
        #expect(try #require(answer.score) > 0.5)
    }

    @Test("photos of different people do not match", arguments: [
        ("face_recognition/obama.jpg", "face_recognition/biden.jpg"),
        ("dlib/johns/John_Salley/000179_02159509.jpg", "dlib/johns/John_Savage/000264_01099001.jpg"),
        ("dlib/johns/John_Schneider/" , "dlib/johns/John_Simm/"),
    ])
    func differentPeople(first: String, second: String) throws {
        let answer = try FaceFixtures.matcher().match(Self.photo(first), Self.photo(second))
        #expect(answer.similarity == .noMatch)
        #expect(answer.validity && answer.reason == nil)
        #expect(try #require(answer.distance) >= 0.6)
        #expect(try #require(answer.score) <= 0.5)
    }

    @Test("distances agree with dlib's own pipeline called from C++", arguments: [
        // Benchmarks/peers/dlib_faces.cpp on the whole photos: detector, 5 landmarks,
        // get_face_chip_details(shape, 150, 0.25), extract_image_chip, the ResNet.
        ("face_recognition/obama.jpg", "face_recognition/obama2.jpg", 0.3561),
        ("face_recognition/obama.jpg", "face_recognition/biden.jpg", 0.8530),
        ("face_recognition/obama2.jpg", "face_recognition/biden.jpg", 0.8102),
    ])
    func agreesWithDlib(first: String, second: String, dlib: Double) throws {
        // The matcher finds faces on photos shrunk to 1024 px, so its boxes differ by a pixel or two.
        let distance = try #require(try FaceFixtures.matcher().match(FaceFixtures.photo(first), FaceFixtures.photo(second)).distance)
        #expect(abs(distance - dlib) < 0.02, "\(distance)")
    }

    @Test("a photo without a face is NO_FACE_PRESENT")
    func noFace() throws {
        let matcher = try FaceFixtures.matcher()
        let obama = try FaceFixtures.photo("face_recognition/obama.jpg")
        // A colour photo of a table top: noise around a warm brown.
        var table = Image(width: 800, height: 600, format: .rgb)
        var state: UInt64 = 7
        for i in stride(from: 0, to: table.pixels.count, by: 3) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let n = UInt8(truncatingIfNeeded: state >> 59)
            table.pixels[i] = 140 &+ n; table.pixels[i + 1] = 100 &+ n; table.pixels[i + 2] = 60 &+ n
        }
        for (a, b) in [(obama, table), (table, obama)] {
            let answer = try matcher.match(a, b)
            #expect(answer.similarity == .notPossible && answer.reason == .noFacePresent && !answer.validity)
            #expect(answer.distance == nil && answer.score == nil)
        }
    }

    @Test("a photo of several people is MULTIPLE_PEOPLE")
    func multiplePeople() throws {
        let answer = try FaceFixtures.matcher().match(FaceFixtures.photo("dlib/bald_guys.jpg"),
                                                      FaceFixtures.photo("face_recognition/obama.jpg"))
        #expect(answer.similarity == .notPossible && answer.reason == .multiplePeople)
    }

    @Test("a gray photo is BLACK_AND_WHITE, stored gray or in RGB")
    func blackAndWhite() throws {
        let matcher = try FaceFixtures.matcher()
        let gray = try FaceFixtures.photo("face_recognition/obama2.jpg").grayscale()
        var grayRGB = Image(width: gray.width, height: gray.height, format: .rgb)
        for i in 0..<gray.pixelCount { for k in 0..<3 { grayRGB.pixels[i * 3 + k] = gray.pixels[i] } }
        let obama = try FaceFixtures.photo("face_recognition/obama.jpg")
        for photo in [gray, grayRGB] {
            let answer = try matcher.match(photo, obama)
            #expect(answer.similarity == .notPossible && answer.reason == .blackAndWhite)
        }
        #expect(FaceMatcher.colourfulness(of: grayRGB) == 0)
        #expect(FaceMatcher.colourfulness(of: obama) > 0.1)
    }

    @Test("a face cut by the photo's edge is FACE_NOT_FULLY_VISIBLE")
    func cutFace() throws {
        let obama = try FaceFixtures.photo("face_recognition/obama.jpg")
        let face = try #require(try DlibFaceDetector().detectFaces(in: obama).first)
        // The photo cut through the middle of the face, from its left edge.
        let cut = try #require(obama.cropped(x: Int(face.x + face.width * 0.4), y: 0,
                                             width: obama.width - Int(face.x + face.width * 0.4), height: obama.height))
        let answer = try FaceFixtures.matcher().match(cut, obama)
        #expect(answer.similarity == .notPossible)
        #expect(answer.reason == .faceNotFullyVisible || answer.reason == .noFacePresent)
    }

    @Test("a face too small to describe is BAD_QUALITY")
    func smallFace() throws {
        let obama = try FaceFixtures.photo("face_recognition/obama.jpg")
        let face = try #require(try DlibFaceDetector().detectFaces(in: obama).first)
        // Shrunk until the face is about 50 pixels wide: the detector's enlarged retry still finds it.
        let scale = 50 / face.width
        let small = obama.resized(width: Int(Double(obama.width) * scale), height: Int(Double(obama.height) * scale))
        let answer = try FaceFixtures.matcher().match(small, obama)
        #expect(answer.similarity == .notPossible && answer.reason == .badQuality)
    }

    @Test("an ID's portrait matches a photo of its holder, whichever input it is")
    func documentEitherWay() throws {
        let matcher = try FaceFixtures.matcher()
        let card = try CardPhoto(face: FaceFixtures.photo("face_recognition/obama.jpg")).image
        let selfie = try FaceFixtures.photo("face_recognition/obama2.jpg")
        let other = try FaceFixtures.photo("face_recognition/biden.jpg")
        for (a, b) in [(selfie, card), (card, selfie)] {
            let answer = try matcher.match(a, b)
            #expect(answer.similarity == .match && answer.validity)
        }
        let different = try matcher.match(card, other)
        #expect(different.similarity == .noMatch, "\(different)")
    }

    @Test("an ID photo given as the selfie is ENTIRE_ID_USED_AS_SELFIE")
    func entireID() throws {
        let card = try CardPhoto(face: FaceFixtures.photo("face_recognition/obama.jpg")).image
        let selfieCard = try CardPhoto(face: FaceFixtures.photo("face_recognition/obama3.jpg")).image
        let answer = try FaceFixtures.matcher().match(selfieCard, card)
        #expect(answer.similarity == .notPossible && answer.reason == .entireIDUsedAsSelfie)
    }

    @Test("a selfie cut from the ID's portrait is SELFIE_CROPPED_FROM_ID")
    func croppedFromID() throws {
        let card = try CardPhoto(face: FaceFixtures.photo("face_recognition/obama.jpg"))
        let answer = try FaceFixtures.matcher().match(card.portraitCrop(), card.image)
        #expect(answer.similarity == .notPossible && answer.reason == .selfieCroppedFromID, "\(answer)")
        // The faces were compared: they are one picture, so very close.
        #expect(try #require(answer.distance) < 0.3)
    }

    @Test("two photos of one person are not copies of each other")
    func notCopies() throws {
        let embedder = try FaceFixtures.embedder()
        let detector = DlibFaceDetector()
        var chips: [Image] = []
        for path in ["face_recognition/obama.jpg", "face_recognition/obama2.jpg", "face_recognition/obama3.jpg"] {
            let photo = try FaceFixtures.photo(path).fitting(maximumSide: 1024)
            let face = try #require(try detector.detectFaces(in: photo).first)
            chips.append(try embedder.embed(face, in: photo).chip)
        }
        for i in 0..<chips.count {
            #expect(FaceMatcher.detailCorrelation(chips[i], chips[i]) > 0.999)
            for j in (i + 1)..<chips.count { #expect(FaceMatcher.detailCorrelation(chips[i], chips[j]) < FaceMatcher.Configuration().copyCorrelation) }
        }
    }

    /// A photo, or the first photo (by name) of a directory.
    static func photo(_ path: String) throws -> Image {
        guard path.hasSuffix("/") else { return try FaceFixtures.photo(path) }
        let directory = FaceFixtures.root.appendingPathComponent("photos").appendingPathComponent(path)
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().first)
        return try FaceFixtures.photo(path + first)
    }
}
