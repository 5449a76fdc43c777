import ArgumentParser
import Foundation
import PapersCore
import PapersRecognition

/// `papers demo`: the main job on the embedded defaults — reads the bundled sample documents.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Scan the bundled sample photos, parse the bundled MRZs and AAMVA payloads, print the documents, then verify a photo through the server on its embedded defaults."
    )

    @Flag(name: .long, help: "Print one JSON document per line instead of a summary.")
    var json = false

    func run() async throws {
        guard let root = Self.samples(path: "Samples") else {
            throw CLIOutput.fail("the bundled samples are missing (\(ShippedResource.missingAdvice(target: "papers")))", code: 70)
        }
        var parsed = 0
        var latestExpiry: (photo: URL, expiry: CalendarDate)?
        let photos = try samples(in: root.appendingPathComponent("photos"), extension: "jpg")
        if !photos.isEmpty {
            let scanner = try ScanCommand.scanner()
            for photo in photos {
                do {
                    let scan = try scanner.scan([try CLIImages.load(photo.path)])
                    report(photo, scan.document)
                    if let expiry = scan.document.expiryDate, expiry > latestExpiry?.expiry ?? CalendarDate(daysSinceEpoch: 0) {
                        latestExpiry = (photo, expiry)
                    }
                    parsed += 1
                } catch let error as RecognitionError {
                    throw CLIOutput.fail("\(photo.lastPathComponent): \(error)")
                }
            }
        }
        for sample in try samples(in: root.appendingPathComponent("mrz")) {
            let text = String(decoding: try Data(contentsOf: sample), as: UTF8.self)
            do {
                report(sample, try MRZParser.parse(text: text))
                parsed += 1
            } catch {
                throw CLIOutput.fail("\(sample.lastPathComponent): \(error)")
            }
        }
        for sample in try samples(in: root.appendingPathComponent("aamva")) {
            do {
                report(sample, try AAMVAParser.parse([UInt8](try Data(contentsOf: sample))).documentData)
                parsed += 1
            } catch {
                throw CLIOutput.fail("\(sample.lastPathComponent): \(error)")
            }
        }
        if !json { print("\(parsed) sample documents read (\(photos.count) from photos).") }
        // The server verifies the photo whose document expires last (an expired one is never approved).
        if !json, let photo = latestExpiry?.photo ?? photos.first {
            print("")
            print("== verification server (SQLite and sealed files in a temporary data directory, over HTTP)")
            let outcome = try await DemoServerRoundTrip.run(photo: photo, scanner: try ScanCommand.scanner())
            print("\(photo.lastPathComponent): \(outcome.status), \(outcome.verificationStatus)"
                  + (outcome.rejectReason.map { " (\($0))" } ?? "") + (outcome.lastName.map { ", holder \($0)" } ?? ""))
            print("after DELETE: \(outcome.deletedStatus)")
        }
    }

    private func samples(in folder: URL, extension wanted: String = "txt") throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == wanted }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private func report(_ sample: URL, _ document: DocumentData) {
        if json {
            if let data = try? CLIOutput.encoder(pretty: false).encode(document) {
                print(String(decoding: data, as: UTF8.self))
            }
        } else {
            print("== \(sample.lastPathComponent)")
            print(DocumentSummary.lines(document).joined(separator: "\n"))
            print("")
        }
    }
}

extension DemoCommand {
    /// `path` in the CLI's bundled samples (see `ShippedResource`), or `nil`.
    static func samples(path: String) -> URL? {
        // This file is in Sources/papers/.
        ShippedResource.url(target: "papers", path: path, sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent()) {
            Bundle.module.resourceURL.map { $0.appendingPathComponent(path) }
        }
    }
}
