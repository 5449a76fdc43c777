import AsyncHTTPClient
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import PapersRecognition
import PapersServer
import ServiceLifecycle

/// The verification server on its embedded defaults in a temporary data directory, on a free
/// loopback port, with one tenant; driven over HTTP as an integrator would (demo and benchmark).
struct LocalServer {
    let directory: URL
    let base: String
    let authorization: String
    /// The server's service group: shut down gracefully, not cancelled, so that no request or job
    /// is cut off and nothing is logged as an error.
    let group: ServiceGroup
    let serving: Task<Void, any Error>

    static func start(scanner: DocumentScanner, workers: Int? = nil) async throws -> LocalServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-local-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.port = 0
        configuration.jobPollInterval = .milliseconds(5)
        configuration.requestsPerSecond = 100_000
        configuration.requestBurst = 100_000
        if let workers { configuration.workerCount = workers }
        var logger = Logger(label: "papers.local")
        logger.logLevel = .warning
        let server = try PapersServer(configuration: configuration, scanner: scanner, logger: logger)
        let credentials = try await PapersServer.createTenant(name: "local", configuration: configuration)
        let port = NIOLockedValueBox(0)
        let app = server.application { channel in port.withLockedValue { $0 = channel.localAddress?.port ?? 0 } }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let serving = Task { try await group.run() }
        while port.withLockedValue({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        return LocalServer(
            directory: directory, base: "http://127.0.0.1:\(port.withLockedValue { $0 })",
            authorization: "Basic " + Data("\(credentials.token):\(credentials.secret)".utf8).base64EncodedString(),
            group: group, serving: serving)
    }

    /// Stops the server and erases its data directory.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await serving.result
        try? FileManager.default.removeItem(at: directory)
    }

    /// One authenticated request; a non-2xx answer is an error naming the status.
    @discardableResult
    func call(_ method: HTTPMethod, _ path: String, _ body: Data? = nil, type: String? = nil) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Authorization", value: authorization)
        if let type { request.headers.add(name: "Content-Type", value: type) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 1 << 22)
        guard (200..<300).contains(Int(response.status.code)) else {
            throw CLIOutput.fail("local server: \(method.rawValue) \(path) answered \(response.status.code)", code: 70)
        }
        return (try? JSONSerialization.jsonObject(with: Data(bytes.readableBytesView))) as? [String: Any] ?? [:]
    }

    /// Creates a verification, uploads `photo` as its front and returns the scanReference.
    func createWithFront(_ photo: Data) async throws -> String {
        let created = try await call(.POST, "/v1/verifications", Data("{}".utf8), type: "application/json")
        guard let reference = created["scanReference"] as? String else { throw CLIOutput.fail("local server: no scanReference", code: 70) }
        try await call(.PUT, "/v1/verifications/\(reference)/images/front", photo, type: "image/jpeg")
        return reference
    }

    /// Polls until the verification leaves PROCESSING.
    func waitUntilProcessed(_ reference: String, every interval: Duration = .milliseconds(5)) async throws -> [String: Any] {
        while true {
            let result = try await call(.GET, "/v1/verifications/\(reference)")
            if let status = result["status"] as? String, status != "PROCESSING" { return result }
            try await Task.sleep(for: interval)
        }
    }
}
