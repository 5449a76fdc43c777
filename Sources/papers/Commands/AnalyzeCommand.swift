import ArgumentParser
import Foundation
import PapersImaging
import PapersFacesDlib
import PapersImagingCodecs

/// `papers analyze`: capture-quality analysis of one photo.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Find the document in a photo and judge the picture: corners, sharpness, glare, exposure, guidance."
    )

    @Flag(name: .long, help: "Print the analysis as JSON.") var json = false
    @Option(name: .long, help: "Write the straightened document to this file (.jpg or .png).") var crop: String?
    @Option(name: .long, help: "Write the photo with the outline, glare and verdicts drawn on it (.png or .jpg).") var annotate: String?
    @Flag(name: .long, help: "Skip the face detector (faceDetected is then absent).") var noFaces = false
    @Argument(help: "A JPEG or PNG photo.") var image: String

    func run() async throws {
        let frame = try CLIImages.load(image)
        var result = CaptureAnalyzer().analyze(frame)
        // The portrait is looked for on the straightened document (dlib's HOG detector).
        if !noFaces, result.analysis.documentDetected, let detection = result.detection,
           let document = DocumentRectifier.rectify(frame, quad: detection.quad) {
            result.analysis.faceDetected = !((try? DlibFaceDetector().detectFaces(in: document)) ?? []).isEmpty
        }
        if let crop {
            guard let detection = result.detection, let document = DocumentRectifier.rectify(frame, quad: detection.quad) else {
                throw CLIOutput.fail("no document found, nothing to crop", code: 2)
            }
            try CLIImages.save(document, to: crop)
        }
        if let annotate {
            try CLIImages.save(AnalysisAnnotator.annotate(frame, analysis: result.analysis), to: annotate)
        }
        if json {
            try CLIOutput.printJSON(result.analysis)
        } else {
            let a = result.analysis
            print("document        \(a.documentDetected ? "found" : "not found")\(a.documentDetected && !a.documentInFrame ? " (partly out of frame)" : "")")
            print("confidence      \(String(format: "%.2f", a.confidence)) (distance \(String(format: "%.2f", a.distanceConfidence)))")
            print("sharpness       \(String(format: "%.1f", a.sharpness))\(a.isBlurry ? " — blurry" : "")")
            print("glare           \(a.glareDetected ? String(format: "%.1f%% of the document", a.glareFraction * 100) : "none")")
            print("exposure        \(a.exposure.rawValue)")
            print("guidance        \(a.guidance.map(\.rawValue).joined(separator: ", "))")
            if let face = a.faceDetected { print("face            \(face ? "found on the document" : "none found")") }
        }
    }
}

/// Loading and saving images for the CLI, with one-line errors.
enum CLIImages {
    /// A synthetic photo as `papers synth` writes it and a camera delivers it: through JPEG at
    /// its own quality.
    static func asDelivered(_ photo: SyntheticPhoto) throws -> Image {
        try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
    }

    static func load(_ path: String, format: Image.PixelFormat = .rgb) throws -> Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIOutput.fail("cannot read \(path): no such file or not readable", code: 66)
        }
        do {
            return try ImageCodecs.decode([UInt8](data), format: format)
        } catch {
            throw CLIOutput.fail("\(path): \(error.description)", code: 65)
        }
    }

    static func save(_ image: Image, to path: String, quality: Int = 90) throws {
        let bytes: [UInt8]
        do {
            bytes = try ImageCodecs.encode(image, forPath: path, quality: quality)
        } catch {
            throw CLIOutput.fail("cannot encode \(path): \(error.description)", code: 70)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CLIOutput.fail("cannot write \(path)", code: 73)
        }
    }
}
