import ArgumentParser
import Foundation
import PapersClient

/// `papers queue status|retry|clear`: look after the queue `papers submit` keeps.
struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "Show, retry or clear the items of a papers submit queue.",
        discussion: "status lists every item; retry puts the items given up back in the queue; clear removes finished items.")

    @Argument(help: "status, retry or clear.") var action: String
    @Option(help: "The queue's directory.") var queue: String
    @Flag(help: "Print JSON.") var json = false

    struct Line: Encodable {
        let sourceId: String
        let kind: String
        let state: String
        let attempts: Int
        let documentId: String?
        let lastError: String?
    }

    func run() throws {
        let store: UploadQueue
        do {
            store = try UploadQueue(path: (queue as NSString).appendingPathComponent("queue.sqlite"))
            switch action {
            case "status":
                let lines = try store.items().map {
                    Line(sourceId: $0.sourceId, kind: $0.kind, state: $0.state.rawValue, attempts: $0.attempts,
                         documentId: $0.documentId, lastError: $0.lastError)
                }
                if json {
                    try CLIOutput.printJSON(lines)
                } else {
                    for line in lines {
                        print("\(line.sourceId.prefix(12))  \(line.kind.padding(toLength: 7, withPad: " ", startingAt: 0)) \(line.state)"
                              + (line.attempts > 0 ? "  \(line.attempts) failed attempt(s)" : "") + (line.lastError.map { "  \($0)" } ?? ""))
                    }
                }
            case "retry":
                print("\(try store.retryFailed()) item(s) queued again")
            case "clear":
                print("\(try store.clearFinished()) finished item(s) removed")
            default:
                throw CLIOutput.fail("the action must be status, retry or clear", code: 64)
            }
        } catch let error as UploadQueueError {
            throw CLIOutput.fail(error.message, code: 73)
        }
    }
}
