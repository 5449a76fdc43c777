import ArgumentParser
import Foundation
import PapersCore
import PapersImagingCodecs
import PapersVerification

/// `papers verify`: the server's reading and decision on local photos, without a server.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Read a document from its photos and decide as the server does (checks, verificationStatus, rejectReason).",
        discussion: """
        FRONT is required; BACK is optional. The result is the server's: verificationStatus \
        (APPROVED_VERIFIED, DENIED_FRAUD, DENIED_UNSUPPORTED_ID_TYPE, ERROR_NOT_READABLE_ID, NO_ID_UPLOADED), \
        rejectReason, document and checks. Exit 0 whenever a decision is made, denials included.
        """
    )

    @Flag(help: "Print JSON.") var json = false
    @Option(name: .customLong("preselected-country"), help: "The country the document must come from (alpha-3 or ICAO code).")
    var preselectedCountry: String?
    @Option(name: .customLong("preselected-type"), help: "An accepted document type (passport, driverLicense, identityCard, visa, residencePermit); repeatable.")
    var preselectedTypes: [String] = []
    @Option(help: "Judge expiry on this day (YYYY-MM-DD) instead of today.") var today: String?
    @Argument(help: "The front photo, then optionally the back.") var images: [String]

    func run() async throws {
        guard (1...2).contains(images.count) else { throw CLIOutput.fail("give the front photo and optionally the back", code: 64) }
        var request = VerificationRequest()
        request.preselectedCountry = preselectedCountry
        if !preselectedTypes.isEmpty {
            request.preselectedDocumentTypes = try preselectedTypes.map { name in
                guard let type = DocumentType(rawValue: name) else { throw CLIOutput.fail("unknown document type '\(name)'", code: 64) }
                return type
            }
        }
        var day = CalendarDate.today()
        if let today {
            guard let parsed = CalendarDate(iso: today) else { throw CLIOutput.fail("--today must be YYYY-MM-DD", code: 64) }
            day = parsed
        }
        let bytes = try images.map { path -> Data in
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIOutput.fail("cannot read \(path): no such file or not readable", code: 66) }
            _ = try CLIImages.load(path)  // a clear one-line error for what is not an image
            return data
        }
        let processor = VerificationProcessor(scanner: try ScanCommand.scanner(), decoder: SniffingImageDecoder())
        let result = processor.verify(front: bytes[0], back: bytes.count > 1 ? bytes[1] : nil, request: request, today: day)
        if json {
            try CLIOutput.printJSON(result)
        } else {
            print("verificationStatus  \(result.verificationStatus?.rawValue ?? "none")")
            if let reason = result.rejectReason { print("rejectReason        \(reason.code): \(reason.description)") }
            if let document = result.document { print(DocumentSummary.lines(document).joined(separator: "\n")) }
            let checks = result.checks
            print("checks              MRZ check digits \(checks.mrzCheckDigits.rawValue), expiry \(checks.expiry.rawValue), MRZ/barcode \(checks.mrzBarcodeConsistency.rawValue), data \(checks.dataQuality.rawValue)")
        }
    }
}
