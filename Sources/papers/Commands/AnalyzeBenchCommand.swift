import ArgumentParser
import Foundation
import PapersImaging

/// `papers bench analyze IMAGE`: the per-frame capture analysis, decoding excluded.
struct AnalyzeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze", abstract: "Time the capture analysis of one frame on one thread (decoding excluded).")

    @Option(help: "Timed runs.") var iterations = 20
    @Flag(help: "Print the result as JSON.") var json = false
    @Argument(help: "A JPEG or PNG frame.") var image: String

    func run() async throws {
        guard iterations > 0 else { throw CLIOutput.fail("--iterations must be at least 1", code: 64) }
        let frame = try CLIImages.load(image)
        let analyzer = CaptureAnalyzer()
        let figures = BenchTiming.measure(iterations: iterations, width: frame.width, height: frame.height) {
            _ = analyzer.analyze(frame)
        }
        if json {
            try CLIOutput.printJSON(figures, pretty: false)
        } else {
            print(String(format: "analyze %dx%d: median %.2f ms, best %.2f ms over %d runs", frame.width, frame.height, figures.medianMs, figures.minMs, iterations))
        }
    }
}
