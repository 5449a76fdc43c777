import ArgumentParser
import Foundation
import NIOHTTP1
import PapersRecognition

/// `papers bench server`: the verification server over HTTP on loopback, on its embedded defaults.
struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Time the verification server over HTTP (SQLite, sealed files): create, upload, read, finalize → decided, and throughput.",
        discussion: """
        The peer is the bare DocumentScanner on the same photo in the same process: the gap between \
        it and finalize → DONE is what the server adds (queue, storage, sealing, polling at 5 ms).
        """
    )

    @Option(help: "Verifications for the throughput run (all finalized at once).") var count = 20
    @Option(help: "Requests timed for each API call.") var requests = 100
    @Option(help: "Worker threads (default: the number of cores).") var workers: Int?
    @Option(help: "The photo uploaded as the front (default: the bundled passport sample).") var photo: String?
    @Flag(help: "Print the result as JSON.") var json = false

    struct Result: Codable {
        let workers: Int
        let createMedianMs: Double
        let uploadMedianMs: Double
        let getMedianMs: Double
        let endToEndMedianMs: Double
        let scanOnlyMedianMs: Double
        let throughputPerSecond: Double
        let photoBytes: Int
    }

    func run() async throws {
        guard count > 0, requests > 0 else { throw CLIOutput.fail("--count and --requests must be at least 1", code: 64) }
        let path = photo ?? DemoCommand.samples(path: "Samples/photos/passport-td3.jpg")?.path ?? "Samples/photos/passport-td3.jpg"
        guard let bytes = FileManager.default.contents(atPath: path) else { throw CLIOutput.fail("cannot read \(path)", code: 66) }
        let scanner = try ScanCommand.scanner()
        let workerCount = workers ?? ProcessInfo.processInfo.activeProcessorCount
        let server = try await LocalServer.start(scanner: scanner, workers: workerCount)
        do {
            let result = try await measure(server, scanner: scanner, photo: bytes, path: path, workers: workerCount)
            await server.stop()
            if json {
                try CLIOutput.printJSON(result, pretty: false)
            } else {
                print(String(format: "create %.2f ms, upload (%d KB) %.2f ms, read %.2f ms (medians over %d requests)",
                             result.createMedianMs, bytes.count / 1024, result.uploadMedianMs, result.getMedianMs, requests))
                print(String(format: "finalize → DONE %.0f ms median; the scan alone %.0f ms (the server adds %.0f ms)",
                             result.endToEndMedianMs, result.scanOnlyMedianMs, result.endToEndMedianMs - result.scanOnlyMedianMs))
                print(String(format: "throughput %.1f verifications/s with %d workers (%d queued at once)", result.throughputPerSecond, workerCount, count))
            }
        } catch {
            await server.stop()
            throw error
        }
    }

    func measure(_ server: LocalServer, scanner: DocumentScanner, photo: Data, path: String, workers: Int) async throws -> Result {
        let clock = ContinuousClock()
        func ms(_ duration: Duration) -> Double { BenchTiming.milliseconds(duration) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        var creates: [Double] = [], uploads: [Double] = [], gets: [Double] = []
        var references: [String] = []
        for _ in 0..<requests {
            var reference = ""
            creates.append(ms(try await clock.measure {
                reference = try await server.call(.POST, "/v1/verifications", Data("{}".utf8), type: "application/json")["scanReference"] as? String ?? ""
            }))
            uploads.append(ms(try await clock.measure {
                try await server.call(.PUT, "/v1/verifications/\(reference)/images/front", photo, type: "image/jpeg")
            }))
            gets.append(ms(try await clock.measure { try await server.call(.GET, "/v1/verifications/\(reference)") }))
            references.append(reference)
        }

        // One at a time: finalize, then poll until decided.
        var endToEnd: [Double] = []
        for reference in references.prefix(10) {
            endToEnd.append(ms(try await clock.measure {
                try await server.call(.POST, "/v1/verifications/\(reference)/finalize")
                _ = try await server.waitUntilProcessed(reference)
            }))
        }

        // The peer: the scanner alone on the same photo.
        let image = try CLIImages.load(path)
        var scans: [Double] = []
        for _ in 0..<10 { scans.append(ms(clock.measure { _ = try? scanner.scan([image]) })) }

        // Throughput: everything queued at once.
        var batch: [String] = []
        for _ in 0..<count { batch.append(try await server.createWithFront(photo)) }
        let elapsed = try await clock.measure {
            for reference in batch { try await server.call(.POST, "/v1/verifications/\(reference)/finalize") }
            for reference in batch { _ = try await server.waitUntilProcessed(reference, every: .milliseconds(20)) }
        }
        return Result(
            workers: workers, createMedianMs: median(creates), uploadMedianMs: median(uploads), getMedianMs: median(gets),
            endToEndMedianMs: median(endToEnd), scanOnlyMedianMs: median(scans),
            throughputPerSecond: Double(count) / (ms(elapsed) / 1000), photoBytes: photo.count)
    }
}
