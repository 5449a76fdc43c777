import ArgumentParser
import Foundation
import PapersCapture
import PapersImaging

/// `papers capture`: the capture session over frames, as a camera would deliver them.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Run the capture session over frames in name order; report guidance per frame and what was captured.",
        discussion: """
        Frames are taken as a camera delivers them, FPS a second, so the session's steadiness is \
        measured in camera time. One JSON line per frame (frame, guidance, state, blurHint) with \
        --json, then a last line with "captured" (the captured frame's file name) and the result. \
        Exit 0 when something was captured, 65 (one line naming the last guidance) when nothing was.
        """)

    @Flag(help: "Print JSON lines.") var json = false
    @Option(help: "Frames per second the frames were taken at.") var fps: Double = 10
    @Argument(help: "A directory of frames (JPEG/PNG, taken in name order), or frame files.") var frames: [String]

    struct FrameLine: Encodable {
        let frame: String
        let guidance: [CaptureGuidance]
        let state: FrameVerdict.State
        let blurHint: Bool
    }

    struct CapturedLine: Encodable {
        let captured: String
        let confidence: Double
        let isImageCropped: Bool
        let analysis: CaptureAnalysis?
    }

    func run() async throws {
        guard fps > 0, fps <= 240 else { throw CLIOutput.fail("--fps must be between 0 and 240", code: 64) }
        let files = try Self.frameFiles(frames)
        guard !files.isEmpty else { throw CLIOutput.fail("no JPEG or PNG frames in \(frames.joined(separator: ", "))", code: 66) }
        let session = CaptureSession()
        var last: FrameVerdict?
        for (index, file) in files.enumerated() {
            let image = try CLIImages.load(file)
            let verdict = await session.process(CaptureFrame(image: image, time: .milliseconds(Int64(Double(index) * 1000 / fps))))
            last = verdict
            let name = (file as NSString).lastPathComponent
            if json {
                try CLIOutput.printJSON(FrameLine(frame: name, guidance: verdict.guidance, state: verdict.state, blurHint: verdict.blurHint), pretty: false)
            } else {
                print("\(name)  \(verdict.state.rawValue)  \(verdict.guidance.map(\.rawValue).joined(separator: ", "))")
            }
            if verdict.state == .captured, let result = await session.result {
                let line = CapturedLine(captured: name, confidence: result.confidence, isImageCropped: result.isImageCropped,
                                        analysis: result.captureAnalysis)
                if json { try CLIOutput.printJSON(line, pretty: false) } else { print("captured \(name) (confidence \(String(format: "%.2f", result.confidence)))") }
                return
            }
        }
        throw CLIOutput.fail("nothing captured: \(last?.guidance.map(\.rawValue).joined(separator: ", ") ?? "no frames")", code: 65)
    }

    /// The frames: each directory's JPEG and PNG files in name order, and files named on their own.
    static func frameFiles(_ arguments: [String]) throws -> [String] {
        var files: [String] = []
        for argument in arguments {
            guard ScanCommand.isDirectory(argument) else { files.append(argument); continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: argument) else {
                throw CLIOutput.fail("cannot list \(argument): not readable", code: 66)
            }
            files += names.filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
                .map { (argument as NSString).appendingPathComponent($0) }
        }
        return files
    }
}
