import Foundation
import PapersCapture
import PapersFacesDlib
import PapersImaging
import PapersRecognition

extension LivenessCommand {
    /// `--passive`: the built-in passive signals over the frames.
    func runPassive() throws {
        let (files, detector, embedder) = try frameInputs()
        var observed: [PassiveLivenessFrame] = []
        for (index, file) in files.enumerated() {
            let image = try Self.decodeFrame(file)
            do {
                // Faces are searched at most 1024 pixels wide, as the face matcher searches photos;
                // the signals read the frame at its own resolution.
                let small = image.fitting(maximumSide: 1024)
                let scale = Double(image.width) / Double(small.width)
                let faces = try detector.detectFaces(in: small).map {
                    DetectedFace(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale, score: $0.score)
                }
                let landmarks = try faces.first.map { face throws(RecognitionError) in try embedder.landmarks(of: face, in: image) } ?? []
                observed.append(PassiveLivenessFrame(image: image, time: .milliseconds(index * 1000 / fps), faces: faces, landmarks: landmarks))
            } catch {
                throw CLIOutput.fail(error.description, code: 70)
            }
        }
        let result = PassiveSignalModel().assess(observed)
        if json {
            try CLIOutput.printJSON(result)
        } else {
            print("isLive   \(result.isLive)")
            print("score    \(String(format: "%.3f", result.score))")
            if let failure = result.failure { print("failure  \(failure.rawValue)") }
            for signal in result.signals {
                let name = signal.kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
                print("\(name) \(String(format: "%.3f", signal.score))\(signal.flagged ? "  flagged" : "")  (\(String(format: "%.4g", signal.measure)))")
            }
        }
    }
}
