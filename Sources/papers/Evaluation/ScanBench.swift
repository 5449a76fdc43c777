import ArgumentParser
import Foundation
import PapersImaging
import PapersRecognition

/// `papers bench scan IMAGE`: photo → MRZ (capture analysis, rectification, MRZ reading), decoding excluded.
struct ScanBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan", abstract: "Time reading the MRZ of one photo on one thread (decoding of the file excluded).")

    @Option(help: "Timed runs.") var iterations = 10
    @Flag(help: "Print the result as JSON.") var json = false
    @Flag(help: "Look for the portrait too (dlib's face detector on the straightened document).") var faces = false
    @Argument(help: "A JPEG or PNG photo.") var image: String

    func run() async throws {
        guard iterations > 0 else { throw CLIOutput.fail("--iterations must be at least 1", code: 64) }
        let frame = try CLIImages.load(image)
        let scanner = try ScanCommand.scanner(barcodes: false, faces: faces)
        let figures = BenchTiming.measure(iterations: iterations, width: frame.width, height: frame.height) {
            _ = scanner.scanSide(frame)
        }
        if json {
            try CLIOutput.printJSON(figures, pretty: false)
        } else {
            print(String(format: "scan %dx%d: median %.2f ms, best %.2f ms over %d runs", frame.width, frame.height, figures.medianMs, figures.minMs, iterations))
        }
    }
}

/// Times a body: one warm-up run, then `iterations` timed runs.
enum BenchTiming {
    /// A duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// The figures printed by the `bench` commands.
    struct Figures: Codable {
        let medianMs: Double
        let minMs: Double
        let iterations: Int
        let width: Int
        let height: Int
    }

    static func measure(iterations: Int, width: Int, height: Int, _ body: () -> Void) -> Figures {
        body()
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<iterations {
            let elapsed = clock.measure(body)
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        return Figures(medianMs: times[times.count / 2], minMs: times[0], iterations: iterations, width: width, height: height)
    }
}
