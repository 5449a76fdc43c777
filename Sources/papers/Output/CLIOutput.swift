import ArgumentParser
import Foundation
import PapersCore

/// Helpers shared by the subcommands: JSON on stdout, one-line errors on stderr.
enum CLIOutput {
    /// The encoder every `--json` output uses.
    static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Prints a value as JSON on stdout.
    static func printJSON(_ value: some Encodable, pretty: Bool = true) throws {
        let data = try encoder(pretty: pretty).encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }

    /// Writes a one-line error to stderr and returns the exit code to throw.
    static func fail(_ message: String, code: Int32 = 1) -> ExitCode {
        let line = "papers: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
        FileHandle.standardError.write(Data(line.utf8))
        return ExitCode(code)
    }

    /// Reads all of standard input, or a file when a path is given.
    static func readInput(path: String?) throws -> Data {
        guard let path, path != "-" else { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw fail("cannot read \(path): no such file or not readable", code: 66)
        }
        return data
    }
}
