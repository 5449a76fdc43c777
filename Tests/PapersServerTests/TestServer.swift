import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PapersBarcodesZXing
import PapersRecognition
@testable import PapersServer

/// A server on a fresh temporary data directory, with one tenant, driven in-process.
struct TestServer {
    let directory: URL
    let server: PapersServer
    let credentials: TenantCredentials

    init(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("papers-server-\(UUID().uuidString)")
        var configuration = ServerConfiguration(dataDirectory: directory)
        configuration.port = 0
        configuration.encryptionKey = Data(repeating: 7, count: 32)
        configuration.jobPollInterval = .milliseconds(20)
        configuration.workerCount = 1
        adjust(&configuration)
        let scanner = DocumentScanner(mrzReader: try MRZReader.bundled(), barcodeReader: ZXingBarcodeReader())
        server = try PapersServer(configuration: configuration, scanner: scanner)
        credentials = try await server.createTenant(name: "test tenant")
    }

    /// Another tenant's Basic header.
    func otherTenant() async throws -> String {
        let other = try await server.createTenant(name: "other tenant")
        return Self.basic(other)
    }

    static func basic(_ credentials: TenantCredentials) -> String {
        "Basic " + Data("\(credentials.token):\(credentials.secret)".utf8).base64EncodedString()
    }

    var authorization: String { Self.basic(credentials) }

    func headers(_ extra: [HTTPField.Name: String] = [:], authorization: String? = nil) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = authorization ?? self.authorization
        for (name, value) in extra { fields[name] = value }
        return fields
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static func fixture(_ name: String) throws -> Data {
        let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
        return try Data(contentsOf: url)
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }
}

extension Data {
    init(buffer: ByteBuffer) {
        self = Data(buffer.readableBytesView)
    }
}

/// Polls a verification until it leaves PROCESSING (or gives up after `seconds`).
func waitForVerification(_ client: some TestClientProtocol, _ reference: String, headers: HTTPFields, seconds: Double = 60) async throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        let response = try await client.execute(uri: "/v1/verifications/\(reference)", method: .get, headers: headers)
        let json = response.json
        if let status = json["status"] as? String, status != "PROCESSING", status != "PENDING" { return json }
        try await Task.sleep(for: .milliseconds(50))
    }
    throw CancellationError()
}
