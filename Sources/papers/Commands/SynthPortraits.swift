import Foundation
import PapersFacesDlib
import PapersImaging
import PapersRecognition
import PapersSynthesis

/// The portrait photos of `papers synth --portraits DIR`: every JPEG or PNG in the folder, in name
/// order, that shows one face dlib's detector finds, with that face's box.
enum SynthPortraits {
    /// The usable portraits of `directory`, and how many photos were left out (no face, or two).
    static func load(_ directory: String) throws -> (portraits: [SyntheticPortrait], skipped: Int) {
        let files = try CaptureCommand.frameFiles([directory])
        let detector = DlibFaceDetector()
        var portraits: [SyntheticPortrait] = []
        var skipped = 0
        for file in files {
            let image: Image
            do {
                image = try CLIImages.decode(file)
            } catch {
                throw CLIOutput.fail(error.message, code: 65)
            }
            // Searched shrunk, as the face matcher searches photos: dlib finds faces of 80 pixels and up.
            let small = image.fitting(maximumSide: 1024)
            let scale = Double(image.width) / Double(small.width)
            let faces: [DetectedFace]
            do {
                faces = try detector.detectFaces(in: small)
            } catch {
                throw CLIOutput.fail(error.description, code: 70)
            }
            guard let face = faces.first, faces.count == 1 || faces[1].width < 0.5 * face.width else {
                skipped += 1
                continue
            }
            portraits.append(SyntheticPortrait(name: (file as NSString).lastPathComponent, image: image,
                                               faceX: face.x * scale, faceY: face.y * scale,
                                               faceWidth: face.width * scale, faceHeight: face.height * scale))
        }
        return (portraits, skipped)
    }
}
