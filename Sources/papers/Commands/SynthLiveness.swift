import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import PapersSynthesis

extension SynthCommand {
    /// Writes the selfie frames of `--liveness` rendered from `--face`: `frame-NNN.jpg` and
    /// `liveness.json` with each frame's gesture.
    func writeLiveness(_ list: String) throws {
        guard let face else { throw CLIOutput.fail("--liveness needs --face PHOTO", code: 64) }
        guard (1...60).contains(fps) else { throw CLIOutput.fail("--fps must be between 1 and 60", code: 64) }
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let gestures = names.compactMap(SyntheticFaceGesture.init(rawValue:))
        guard !gestures.isEmpty, gestures.count == names.count else {
            throw CLIOutput.fail("--liveness takes gestures from \(SyntheticFaceGesture.allCases.map(\.rawValue).joined(separator: ", "))", code: 64)
        }
        let photo: Image
        do {
            // Frames of a selfie camera's size: the photo at most 960 pixels on its longer side.
            photo = try CLIImages.decode(face).fitting(maximumSide: 960)
        } catch {
            throw CLIOutput.fail(error.message, code: 65)
        }
        let landmarks: [Point]
        do {
            let faces = try DlibFaceDetector().detectFaces(in: photo)
            guard let largest = faces.first else { throw CLIOutput.fail("no face in \(face)", code: 65) }
            let embedder = try DlibFaceEmbedder(models: models.map(DlibFaceModels.init(directory:)) ?? .standard(), landmarks: .sixtyEight)
            landmarks = try embedder.landmarks(of: largest, in: photo)
        } catch let error as RecognitionError {
            throw CLIOutput.fail(error.description, code: error.code == .modelMissing ? 69 : 70)
        }
        guard let synthetic = SyntheticFace(image: photo, landmarks: landmarks) else {
            throw CLIOutput.fail("the face in \(face) is too small to render", code: 65)
        }
        var configuration = LivenessSequence.Configuration()
        configuration.framesPerSecond = fps
        let sequence = LivenessSequence(face: synthetic, gestures: gestures, seed: seed, configuration: configuration)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var files: [LivenessTruth.Frame] = []
        for frame in sequence.frames {
            let name = String(format: "frame-%03d.jpg", frame.truth.index)
            try CLIImages.save(frame.image, to: "\(out)/\(name)", quality: 92)
            files.append(LivenessTruth.Frame(file: name, truth: frame.truth))
        }
        let truth = LivenessTruth(face: (face as NSString).lastPathComponent, gestures: gestures, framesPerSecond: fps, frames: files)
        try CLIOutput.encoder(pretty: true).encode(truth).write(to: URL(fileURLWithPath: "\(out)/liveness.json"))
    }
}

/// `liveness.json` of the frames `papers synth --liveness` renders.
struct LivenessTruth: Codable {
    /// The photo the frames were rendered from (its file name).
    let face: String
    /// The gestures, in order.
    let gestures: [SyntheticFaceGesture]
    /// Frames a second.
    let framesPerSecond: Int
    /// Every frame's file and truth.
    let frames: [Frame]

    /// One frame.
    struct Frame: Codable {
        /// The frame's file name in the folder.
        let file: String
        /// What it shows.
        let truth: LivenessSequence.Truth
    }
}
