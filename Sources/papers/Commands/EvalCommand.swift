import ArgumentParser
import Foundation
import PapersImaging
import PapersImagingCodecs
import PapersSynthesis

/// `papers eval`: accuracy on the project's synthetic sets.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure accuracy on synthetic photos with ground truth.",
        subcommands: [CaptureEval.self, MRZEval.self, BarcodeEval.self]
    )
}

/// `papers eval capture`: corners, blur and glare verdicts against the truth of synthetic photos.
struct CaptureEval: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Synthesise photos in memory and score the capture analysis on them."
    )

    @Option(name: .long, help: "How many photos.") var count = 200
    @Option(name: .long, help: "The random seed of the set.") var seed: UInt64 = 7
    @Option(name: .long, help: "Frame size, WIDTHxHEIGHT.") var size = "1280x720"
    @Flag(name: .long, help: "Print the scores as JSON.") var json = false
    @Flag(name: .long, help: "List each photo the analysis got wrong on stderr.") var verbose = false
    @Option(name: .long, help: "Write each photo the analysis got wrong, annotated, into this directory (N.png).") var saveMisses: String?
    @Option(name: .long, help: "Score identity-document photos drawn by this renderer instead of the capture set: 'atlas' (the project's generator) or 'freetype' (the independent renderer, never tuned on).")
    var renderer: MRZRenderer?

    func run() async throws {
        let frameSize = try FrameSize.parse(size)
        if let saveMisses { try FileManager.default.createDirectory(atPath: saveMisses, withIntermediateDirectories: true) }
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = frameSize.width
        configuration.height = frameSize.height
        let synthesizer = PhotoSynthesizer(configuration: configuration)
        let analyzer = CaptureAnalyzer()
        var score = CaptureScore()
        let progress = ProgressBar(total: count, label: "eval")
        for index in 0..<count {
            let photo = try renderer?.identityPhoto(seed: seed, index: index, width: frameSize.width, height: frameSize.height).photo
                ?? synthesizer.photo(seed: seed, index: index)
            let frame = try CLIImages.asDelivered(photo)
            let analysis = analyzer.analyze(frame).analysis
            let problems = score.add(analysis, truth: photo.truth)
            if let saveMisses, !problems.isEmpty {
                try CLIImages.save(AnalysisAnnotator.annotate(frame, analysis: analysis), to: "\(saveMisses)/\(index).png")
            }
            if verbose && !problems.isEmpty {
                FileHandle.standardError.write(Data("photo \(index) (\(photo.truth.kind.rawValue) on \(photo.truth.background.rawValue)): \(problems.joined(separator: "; "))\n".utf8))
            }
            progress.advance()
        }
        progress.finish()
        if json { try CLIOutput.printJSON(score.summary, pretty: false) } else { print(score.summary.text) }
    }
}
