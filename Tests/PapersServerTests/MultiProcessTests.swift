import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing
@testable import PapersServer

@Suite("Several servers on one PostgreSQL database", .enabled(if: Backend.postgresURL != nil))
struct MultiProcessTests {
    @Test("two servers share the queue: every verification is processed once, by one of them, and both read the other's uploads")
    func sharedQueue() async throws {
        // A database of their own, so that the other tests' servers (which share the test database)
        // do not take a share of these jobs.
        let url = try await Self.freshDatabase()
        let first = try await TestServer(.postgres) { $0.database = .postgres(url: url) }
        defer { first.remove() }
        // The second server: another data directory (nothing local is shared), the same database and key.
        let second = try PapersServer(configuration: {
            var configuration = first.configuration
            configuration.dataDirectory = first.directory.appendingPathExtension("second")
            return configuration
        }(), scanner: first.server.services.processor.scanner, logger: TestServer.logger)
        defer { try? FileManager.default.removeItem(at: first.directory.appendingPathExtension("second")) }
        let photo = try TestServer.fixture("passport-td3.jpg")
        let count = 6
        try await second.application().test(.router) { secondClient in
            try await first.server.application().test(.router) { client in
                var references: [String] = []
                for _ in 0..<count {
                    let created = try await client.execute(uri: "/v1/verifications", method: .post, headers: first.headers())
                    let reference = try #require(created.json["scanReference"] as? String)
                    _ = try await client.execute(uri: "/v1/verifications/\(reference)/images/front", method: .put,
                                                 headers: first.headers([.contentType: "image/jpeg"]), body: ByteBuffer(bytes: photo))
                    references.append(reference)
                }
                for reference in references {
                    _ = try await client.execute(uri: "/v1/verifications/\(reference)/finalize", method: .post, headers: first.headers())
                }
                for reference in references {
                    let result = try await waitForVerification(secondClient, reference, headers: first.headers(), seconds: 120)
                    #expect(result["status"] as? String == "DONE")
                    #expect((result["document"] as? [String: Any])?["lastName"] as? String == "ERIKSSON")
                }
                func processed(_ server: PapersServer) -> Int {
                    let text = server.services.metrics.render(gauges: [])
                    let line = text.split(separator: "\n").first { $0.hasPrefix(#"papers_jobs_total{kind="processVerification",outcome="done"}"#) }
                    return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
                }
                // A worker counts a job after it has settled it, so the last DONE can be seen a moment
                // before its count: wait for the counts (up to 10 s), then judge them.
                var (a, b) = (processed(first.server), processed(second))
                let deadline = ContinuousClock.now + .seconds(10)
                while a + b < count, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(50))
                    (a, b) = (processed(first.server), processed(second))
                }
                #expect(a + b == count, "processed \(a) + \(b)")
                #expect(a > 0 && b > 0, "processed \(a) + \(b): one server did all the work")
            }
        }
    }

    /// Creates an empty database beside the test database and returns its URL.
    static func freshDatabase() async throws -> String {
        let base = try #require(Backend.postgresURL)
        var components = try #require(URLComponents(string: base))
        let name = "papers_multi_\(UInt32.random(in: 0...UInt32.max))"
        let configuration = PostgresConnection.Configuration(
            host: components.host ?? "127.0.0.1", port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: String(components.path.dropFirst()), tls: .disable)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Logger(label: "papers.test"))
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Logger(label: "papers.test"))
        try await connection.close()
        components.path = "/" + name
        return try #require(components.string)
    }
}
