import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import PapersImaging
import PapersImagingCodecs
import PapersSynthesis

/// `papers bench load`: many clients submitting verifications at once, each with three images.
struct LoadBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load the server: clients create verifications, upload three ~300 KB images each and finalize; report accepted/s and latency percentiles.",
        discussion: """
        Against a running server (--url with --token and --secret: see Benchmarks/server_load.sh, which \
        starts `papers serve` in a process of its own on SQLite and on PostgreSQL). A verification is \
        accepted when its finalize answered 202; processing goes on in the background.
        """
    )

    @Option(help: "The server's base URL, e.g. http://127.0.0.1:8080.") var url: String
    @Option(help: "A tenant's token.") var token: String
    @Option(help: "The tenant's secret.") var secret: String
    @Option(help: "Verifications to submit.") var verifications = 500
    @Option(help: "Clients submitting at the same time.") var concurrency = 16
    @Option(name: .customLong("image-kb"), help: "Approximate size of each uploaded JPEG.") var imageKB = 300
    @Flag(help: "Print the result as JSON.") var json = false

    struct Result: Codable {
        let verifications: Int
        let concurrency: Int
        let imageBytes: [Int]
        let seconds: Double
        let acceptedPerSecond: Double
        let requests: Int
        let requestP50Ms: Double
        let requestP99Ms: Double
        let verificationP50Ms: Double
        let verificationP99Ms: Double
        let failures: Int
    }

    func run() async throws {
        guard verifications > 0, concurrency > 0 else { throw CLIOutput.fail("--verifications and --concurrency must be at least 1", code: 64) }
        let images = try Self.images(targetBytes: imageKB * 1024)
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: concurrency)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let authorization = "Basic " + Data("\(token):\(secret)".utf8).base64EncodedString()
        let next = NIOLockedValueBox(0)
        let requestTimes = NIOLockedValueBox<[Double]>([])
        let verificationTimes = NIOLockedValueBox<[Double]>([])
        let failures = NIOLockedValueBox(0)
        let base = url.hasSuffix("/") ? String(url.dropLast()) : url
        let total = verifications
        let clock = ContinuousClock()

        @Sendable func send(_ method: HTTPMethod, _ path: String, _ body: [UInt8]?, type: String?) async throws -> ByteBuffer {
            var request = HTTPClientRequest(url: base + path)
            request.method = method
            request.headers.add(name: "Authorization", value: authorization)
            if let type { request.headers.add(name: "Content-Type", value: type) }
            if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let start = clock.now
            let response = try await client.execute(request, timeout: .seconds(60))
            let bytes = try await response.body.collect(upTo: 1 << 20)
            requestTimes.withLockedValue { $0.append(Self.ms(clock.now - start)) }
            guard (200..<300).contains(Int(response.status.code)) else { throw CLIOutput.fail("\(method.rawValue) \(path): \(response.status.code)", code: 70) }
            return bytes
        }

        let elapsed = await clock.measure {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<concurrency {
                    group.addTask {
                        while true {
                            let index = next.withLockedValue { value -> Int in value += 1; return value }
                            guard index <= total else { return }
                            let start = clock.now
                            do {
                                let created = try await send(.POST, "/v1/verifications", Array(#"{"customerInternalReference":"load"}"#.utf8), type: "application/json")
                                let object = try JSONSerialization.jsonObject(with: Data(created.readableBytesView)) as? [String: Any]
                                guard let reference = object?["scanReference"] as? String else { throw CLIOutput.fail("no scanReference", code: 70) }
                                for (side, image) in zip(["front", "back", "face"], images) {
                                    _ = try await send(.PUT, "/v1/verifications/\(reference)/images/\(side)", image, type: "image/jpeg")
                                }
                                _ = try await send(.POST, "/v1/verifications/\(reference)/finalize", nil, type: nil)
                                verificationTimes.withLockedValue { $0.append(Self.ms(clock.now - start)) }
                            } catch {
                                failures.withLockedValue { $0 += 1 }
                            }
                        }
                    }
                }
            }
        }
        try await client.shutdown()
        let seconds = Self.ms(elapsed) / 1000
        let requests = requestTimes.withLockedValue { $0 }.sorted()
        let perVerification = verificationTimes.withLockedValue { $0 }.sorted()
        let result = Result(
            verifications: perVerification.count, concurrency: concurrency, imageBytes: images.map(\.count), seconds: seconds,
            acceptedPerSecond: Double(perVerification.count) / seconds, requests: requests.count,
            requestP50Ms: Self.percentile(requests, 0.5), requestP99Ms: Self.percentile(requests, 0.99),
            verificationP50Ms: Self.percentile(perVerification, 0.5), verificationP99Ms: Self.percentile(perVerification, 0.99),
            failures: failures.withLockedValue { $0 })
        if json {
            try CLIOutput.printJSON(result, pretty: false)
        } else {
            print(String(format: "%d verifications accepted in %.1f s: %.1f/s with %d clients (%d failures)", result.verifications, seconds, result.acceptedPerSecond, concurrency, result.failures))
            print(String(format: "requests: p50 %.1f ms, p99 %.1f ms (%d requests; images %@ bytes)", result.requestP50Ms, result.requestP99Ms, result.requests, images.map { String($0.count) }.joined(separator: ", ")))
            print(String(format: "per verification (create, 3 uploads, finalize): p50 %.1f ms, p99 %.1f ms", result.verificationP50Ms, result.verificationP99Ms))
        }
    }

    static func ms(_ duration: Duration) -> Double { BenchTiming.milliseconds(duration) }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    /// Three synthetic identity photos as JPEGs near `targetBytes` (the quality is searched).
    static func images(targetBytes: Int) throws -> [[UInt8]] {
        let set = IdentityPhotoSet()
        return try (0..<3).map { index in
            let image = set.photo(seed: 424_242, index: index).photo.image
            var best: [UInt8] = []
            var (low, high) = (20, 98)
            while low <= high {
                let quality = (low + high) / 2
                let bytes = try ImageCodecs.encode(image, forPath: "photo.jpg", quality: quality)
                if best.isEmpty || abs(bytes.count - targetBytes) < abs(best.count - targetBytes) { best = bytes }
                if bytes.count < targetBytes { low = quality + 1 } else { high = quality - 1 }
            }
            return best
        }
    }
}
