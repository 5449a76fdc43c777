import ArgumentParser
import Foundation
import PapersCore

/// `papers mrz`: parse MRZ lines from standard input.
struct MRZCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mrz",
        abstract: "Parse a machine-readable zone (ICAO 9303) read from standard input.",
        discussion: """
        One MRZ line per input line; blank lines and surrounding spaces are ignored. Failed check \
        digits are reported in mrzData's flags (exit 0); input that is no MRZ exits non-zero.
        """
    )

    @Flag(name: .long, help: "Print the full document as JSON.")
    var json = false

    @Flag(name: .long, help: "Undo OCR confusions in digit-only fields where the check digits prove the fix.")
    var correct = false

    func run() async throws {
        let text = String(decoding: try CLIOutput.readInput(path: nil), as: UTF8.self)
        do {
            var document = try MRZParser.parse(text: text)
            if correct, let lines = document.mrzData?.lines {
                let corrected = try MRZCorrector.correct(lines: lines)
                if !corrected.changes.isEmpty {
                    document = try MRZParser.parse(lines: corrected.lines)
                    let note = "papers: corrected \(corrected.changes.count) character(s) at " +
                        corrected.changes.map { "line \($0.line) position \($0.position)" }.joined(separator: ", ") + "\n"
                    FileHandle.standardError.write(Data(note.utf8))
                }
            }
            if json {
                try CLIOutput.printJSON(document)
            } else {
                print(DocumentSummary.lines(document).joined(separator: "\n"))
            }
        } catch let error as MRZError {
            throw CLIOutput.fail(error.description, code: 65)
        }
    }
}
