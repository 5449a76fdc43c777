/// A photo the CLI cannot use: a stable code (`FILE_UNREADABLE` or the codec's `IMAGE_…`), a
/// one-line message naming the file (never its content) and the exit code it ends the command with.
struct CLIImageError: Error, Sendable {
    let code: String
    let message: String
    let exitCode: Int32
}
