import ArgumentParser
import Foundation
import PapersCore

/// `papers aamva`: parse an AAMVA driving-licence / ID card PDF417 payload.
struct AAMVACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aamva",
        abstract: "Parse an AAMVA DL/ID barcode payload (PDF417 text) from a file or standard input."
    )

    @Flag(name: .long, help: "Print the full document as JSON (DocumentData plus an \"aamva\" object with every element).")
    var json = false

    @Argument(help: "The payload file; standard input when absent or '-'.")
    var file: String?

    func run() async throws {
        let bytes = [UInt8](try CLIOutput.readInput(path: file))
        let license: AAMVADocument
        do {
            license = try AAMVAParser.parse(bytes)
        } catch {
            throw CLIOutput.fail(error.description, code: 65)
        }
        if json {
            try CLIOutput.printJSON(AAMVAOutput(document: license.documentData, aamva: license))
        } else {
            print(DocumentSummary.lines(license.documentData).joined(separator: "\n"))
            print("AAMVA version".padding(toLength: 16, withPad: " ", startingAt: 0) + " \(license.aamvaVersion)")
        }
    }
}

/// The `--json` shape of `papers aamva`: the document's fields at the top level, the barcode's under `aamva`.
struct AAMVAOutput: Encodable {
    let document: DocumentData
    let aamva: AAMVADocument

    private enum CodingKeys: String, CodingKey { case aamva }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aamva, forKey: .aamva)
    }
}
