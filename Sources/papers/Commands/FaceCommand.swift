import ArgumentParser

/// `papers face`: face comparison.
struct FaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "face",
        abstract: "Compare faces: a selfie against an ID document, or two photos of faces.",
        subcommands: [FaceMatchCommand.self]
    )
}
