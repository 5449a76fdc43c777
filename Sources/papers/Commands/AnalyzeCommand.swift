import ArgumentParser
import Foundation
import PapersFacesDlib
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersSynthesis

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
        for path in [crop, annotate].compactMap({ $0 }) { try CLIImages.checkWritable(path) }
        let frame = try CLIImages.load(image)
        // The capture analysis and the portrait check, as `papers scan` makes them.
        let result = DocumentAnalyzer(faceDetector: noFaces ? nil : DlibFaceDetector()).analyze(frame)
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
