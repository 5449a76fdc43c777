import ArgumentParser

/// The `papers` command line: one executable over the whole of Papers.
@main
struct PapersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "papers",
        abstract: "Open-source document capture and identity verification.",
        subcommands: [DemoCommand.self, MRZCommand.self, AAMVACommand.self]
    )
}
