import ArgumentParser
import Foundation

/// The `papers` command line: one executable over the whole of Papers.
@main
struct PapersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "papers",
        abstract: "Open-source document capture and identity verification.",
        version: PapersCommand.version,
        subcommands: [DemoCommand.self, MRZCommand.self, AAMVACommand.self, AnalyzeCommand.self, ScanCommand.self, SynthCommand.self, EvalCommand.self, BenchCommand.self, VerifyCommand.self, CaptureCommand.self, FaceCommand.self, LivenessCommand.self, WorkflowCommand.self, SubmitCommand.self, QueueCommand.self, ServeCommand.self, TenantCommand.self]
    )

    /// The version `papers --version` prints: no release is tagged yet, so the first one's, as a
    /// development build (CHANGELOG.md lists what it holds under Unreleased).
    static let version = "0.1.0-dev"

    /// Runs the command line, refusing unknown subcommands even when `--help` follows them, so
    /// that scripts probing for a command (`papers scan --help`) learn it is not there.
    static func main() async {
        MemoryTuning.apply()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let known = configuration.subcommands.map { $0._commandName } + ["help"]
        if let first = arguments.first, !first.hasPrefix("-"), !known.contains(first) {
            FileHandle.standardError.write(Data("papers: unknown command '\(first)'; see 'papers --help'\n".utf8))
            Foundation.exit(64)
        }
        await main(arguments)
    }
}
