import ArgumentParser
import Crypto
import Foundation
import PapersClient
import PapersImagingCodecs
import PapersVerification

/// `papers submit`: queue documents durably and send them to a server with retries.
struct SubmitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Queue documents and send them to a Papers server, with retries that never create anything twice.",
        discussion: """
        Each argument is one document; FRONT+BACK joins the sides of an ID (a third part is a face photo). \
        For --type id each becomes a verification with its images and a finalize; for receipt, w2 or auto \
        one /v1/documents upload. Items are written to the queue before anything is sent; a file the \
        queue already holds continues where it stopped. With no FILE the queue is drained. Exit 0 when \
        the queue is empty at the end, 75 when items remain (a later run continues them).
        """
    )

    @Option(help: "The server's base URL.") var server = "http://127.0.0.1:8080"
    @Option(help: "The tenant's API token (also PAPERS_TOKEN).") var token: String?
    @Option(help: "The tenant's API secret (also PAPERS_SECRET).") var secret: String?
    @Option(help: "The queue's directory (its SQLite file is DIR/queue.sqlite).") var queue: String
    @Option(help: "id, receipt, w2 or auto.") var type = "id"
    @Option(help: "Seconds to keep sending and retrying.") var wait: Double = 60
    @Option(name: .customLong("source-id"), help: "The sourceId of the (single) document (default: the SHA-256 of its first file).")
    var sourceId: String?
    @Option(name: .customLong("max-attempts"), help: "Failed attempts before an item is given up.") var maxAttempts = 8
    @Flag(help: "Print one JSON object a line as each status happens.") var json = false
    @Flag(help: "Send nothing: read each document on this machine and report the same events.") var offline = false
    @Argument(help: "Documents: FILE, or FRONT+BACK[+FACE] for an ID.") var documents: [String] = []

    func run() async throws {
        guard ["id", "receipt", "w2", "auto"].contains(type) else { throw CLIOutput.fail("--type must be id, receipt, w2 or auto", code: 64) }
        guard wait >= 0 else { throw CLIOutput.fail("--wait must not be negative", code: 64) }
        guard sourceId == nil || documents.count == 1 else { throw CLIOutput.fail("--source-id names one document", code: 64) }
        let environment = ProcessInfo.processInfo.environment
        guard let url = URL(string: server) else { throw CLIOutput.fail("--server must be a URL", code: 64) }
        var configuration = offline ? ClientConfiguration.offlineMode()
            : ClientConfiguration(server: url, token: token ?? environment["PAPERS_TOKEN"] ?? "", secret: secret ?? environment["PAPERS_SECRET"] ?? "")
        configuration.retry.maximumAttempts = maxAttempts
        let client: PapersClient
        do {
            let store = try UploadQueue(path: (queue as NSString).appendingPathComponent("queue.sqlite"))
            // Thumbnails and the stitched PDF of each package go beside the queue.
            let imaging = ClientImaging(decoder: SniffingImageDecoder(), encoder: JPEGCodec(quality: 85),
                                        directory: URL(fileURLWithPath: queue).appendingPathComponent("packages"))
            client = try PapersClient(configuration: configuration, queue: store, imaging: imaging,
                                      scanner: offline ? try ScanCommand.scanner() : nil)
        } catch let error as ClientConfigurationError {
            throw CLIOutput.fail("\(error.message) (\(error.field))", code: 64)
        } catch let error as UploadQueueError {
            throw CLIOutput.fail(error.message, code: 73)
        }
        let printer = Task { [json] in
            for await status in client.statuses { Self.report(status, json: json) }
        }
        // Lens's events, as JSON lines (key "status") beside the upload statuses; on a terminal,
        // a progress bar for the document being sent.
        let terminal = isatty(2) == 1
        let events = Task { [json] in
            for await event in client.events {
                if json {
                    FileHandle.standardOutput.write(event.json() + Data("\n".utf8))
                } else if terminal, case .progress(let package, let percent) = event {
                    FileHandle.standardError.write(Data(Self.progressBar(package: package, percent: percent).utf8))
                }
            }
        }
        for document in documents {
            let files = document.split(separator: "+").map(String.init)
            guard let first = files.first, let bytes = FileManager.default.contents(atPath: first),
                  files.allSatisfy({ FileManager.default.isReadableFile(atPath: $0) }) else {
                throw CLIOutput.fail("cannot read \(document): no such file or not readable", code: 66)
            }
            guard type == "id" || files.count == 1 else { throw CLIOutput.fail("only an ID has several sides: \(document)", code: 64) }
            let id = sourceId ?? SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let absolute = files.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            do {
                try await client.submit(files: absolute, kind: type, sourceId: id)
            } catch {
                throw CLIOutput.fail(error.message, code: 73)
            }
        }
        let summary = await client.drain(for: .milliseconds(Int64(wait * 1000)))
        await client.close()
        // Let the last statuses reach stdout.
        try? await Task.sleep(for: .milliseconds(50))
        printer.cancel()
        events.cancel()
        if summary.pending > 0 {
            throw CLIOutput.fail("\(summary.pending) document(s) still queued or processing; run again to continue", code: 75)
        }
    }

    /// A progress bar for one document, redrawn in place (`\r`); a status line ends it.
    static func progressBar(package: String, percent: Int) -> String {
        let filled = max(0, min(20, percent / 5))
        return "\r\(package.prefix(12)) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled) + "] \(percent)%"
            + (percent >= 100 ? "\n" : "")
    }

    /// One status: a JSON line (flushed at once), or a line for a person.
    static func report(_ status: UploadStatus, json: Bool) {
        if json {
            var object: [String: String] = ["upload": status.name, "sourceId": status.sourceId]
            if let id = status.documentId { object["documentId"] = id }
            if let cause = status.cause { object["cause"] = cause }
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        } else {
            let detail = status.documentId.map { " \($0)" } ?? status.cause.map { ": \($0)" } ?? ""
            FileHandle.standardError.write(Data("\(status.sourceId.prefix(12)) \(status.name)\(detail)\n".utf8))
        }
    }
}
