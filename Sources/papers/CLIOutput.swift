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

/// A readable, line-per-field summary of a document (the non-JSON output).
enum DocumentSummary {
    static func lines(_ document: DocumentData) -> [String] {
        var rows: [(String, String?)] = [
            ("type", document.selectedDocumentType?.rawValue),
            ("code", document.documentCode),
            ("extraction", document.extractionMethod.rawValue),
            ("issuing country", document.issuingCountry.map(countryLabel)),
            ("number", document.idNumber),
            ("last name", document.lastName),
            ("first name", document.firstName),
            ("middle name", document.middleName),
            ("date of birth", document.dob?.iso),
            ("sex", document.gender?.rawValue),
            ("nationality", document.originatingCountry.map(countryLabel)),
            ("issued", document.issuingDate?.iso),
            ("expires", document.expiryDate?.iso),
            ("address", document.addressLine),
            ("city", document.city),
            ("subdivision", document.subdivision),
            ("postal code", document.postCode),
            ("personal number", document.personalNumber),
        ]
        if let mrz = document.mrzData {
            rows.append(("MRZ format", mrz.format.rawValue))
            let checks = [("document number", mrz.idNumberValid), ("birth date", mrz.dobValid),
                          ("expiry date", mrz.expiryDateValid), ("personal number", mrz.personalNumberValid),
                          ("composite", mrz.compositeValid)]
            let failed = checks.filter { !$0.1 }.map(\.0)
            rows.append(("check digits", failed.isEmpty ? "all valid" : "FAILED: " + failed.joined(separator: ", ")))
        }
        return rows.compactMap { label, value in value.map { "\(label.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0)" } }
    }

    static func countryLabel(_ code: String) -> String {
        Country(alpha3: code).map { "\(code) (\($0.name))" } ?? code
    }
}

/// The `--size WIDTHxHEIGHT` option of the synthetic-photo commands.
enum FrameSize {
    /// Width and height, each 64…8192, or a one-line usage error.
    static func parse(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (64...8192).contains(parts[0]), (64...8192).contains(parts[1]) else {
            throw CLIOutput.fail("--size must be WIDTHxHEIGHT between 64 and 8192, e.g. 1920x1080", code: 64)
        }
        return (parts[0], parts[1])
    }
}
