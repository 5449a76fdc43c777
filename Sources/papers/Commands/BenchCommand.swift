import ArgumentParser
import Foundation
import PapersCore

/// `papers bench`: time the hot paths on one thread, for side-by-side runs with peers.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the speed of Papers' hot paths on one thread.",
        subcommands: [MRZBench.self, AAMVABench.self, AnalyzeBench.self, ScanBench.self, BarcodeBench.self, ServerBench.self, LoadBench.self, FaceBench.self]
    )
}

/// The figures every `papers bench` subcommand prints.
struct BenchResult: Codable {
    /// How many distinct inputs were parsed per round.
    let documents: Int
    /// How many rounds were timed.
    let iterations: Int
    /// Parses per second over all rounds.
    let parsesPerSecond: Double
    /// The median time of one parse, in nanoseconds (median over rounds of the per-round mean).
    let medianNsPerParse: Double

    /// Times `rounds` runs of `body`, which parses `documents` inputs per call.
    static func measure(documents: Int, iterations: Int, _ body: () throws -> Void) rethrows -> BenchResult {
        try body()  // warm-up
        var perParse: [Double] = []
        let clock = ContinuousClock()
        var total = Duration.zero
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            total += elapsed
            perParse.append(Double(elapsed.components.attoseconds) / 1e9 / Double(documents)
                + Double(elapsed.components.seconds) * 1e9 / Double(documents))
        }
        perParse.sort()
        let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        return BenchResult(
            documents: documents, iterations: iterations,
            parsesPerSecond: Double(documents * iterations) / seconds,
            medianNsPerParse: perParse[perParse.count / 2])
    }

    func print(json: Bool, label: String) throws {
        if json {
            try CLIOutput.printJSON(self, pretty: false)
        } else {
            Swift.print("\(label): \(Int(parsesPerSecond)) parses/s, median \(String(format: "%.0f", medianNsPerParse)) ns per parse (\(documents) inputs × \(iterations) rounds)")
        }
    }
}

/// `papers bench mrz FILE`: parse every MRZ of a file (MRZs separated by blank lines).
struct MRZBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mrz", abstract: "Time MRZ parsing (check digits included) over the MRZs in FILE, separated by blank lines.")

    @Option(help: "Timed rounds over the whole file.") var iterations = 20
    @Flag(help: "Print the result as JSON.") var json = false
    @Argument(help: "A text file of MRZs, one blank line between documents.") var file: String

    func run() async throws {
        guard iterations > 0 else { throw CLIOutput.fail("--iterations must be at least 1", code: 64) }
        let text = String(decoding: try CLIOutput.readInput(path: file), as: UTF8.self)
        let documents = text.components(separatedBy: "\n\n").map {
            $0.split(whereSeparator: \.isNewline).map { String($0) }.filter { !$0.isEmpty }
        }.filter { !$0.isEmpty }
        guard !documents.isEmpty else { throw CLIOutput.fail("\(file) holds no MRZ", code: 65) }
        let today = CalendarDate.today()
        var valid = 0
        let result = try BenchResult.measure(documents: documents.count, iterations: iterations) {
            valid = 0
            for lines in documents {
                let document = try MRZParser.parse(lines: lines, today: today)
                if document.mrzData?.allChecksValid == true { valid += 1 }
            }
        }
        try result.print(json: json, label: "mrz (\(valid)/\(documents.count) fully valid)")
    }
}

/// `papers bench aamva FILE...`: parse AAMVA payloads.
struct AAMVABench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aamva", abstract: "Time AAMVA payload parsing over the given payload files.")

    @Option(help: "Timed rounds over all files.") var iterations = 20
    @Flag(help: "Print the result as JSON.") var json = false
    @Argument(help: "Payload files, one payload each.") var files: [String]

    func run() async throws {
        guard iterations > 0 else { throw CLIOutput.fail("--iterations must be at least 1", code: 64) }
        let payloads = try files.map { [UInt8](try CLIOutput.readInput(path: $0)) }
        guard !payloads.isEmpty else { throw CLIOutput.fail("no payload given", code: 64) }
        var parsed = 0
        let result = BenchResult.measure(documents: payloads.count, iterations: iterations) {
            parsed = 0
            for payload in payloads where (try? AAMVAParser.parse(payload)) != nil { parsed += 1 }
        }
        try result.print(json: json, label: "aamva (\(parsed)/\(payloads.count) parsed)")
    }
}

