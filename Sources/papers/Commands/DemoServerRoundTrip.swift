import Foundation
import NIOHTTP1
import PapersRecognition

/// The demo's last step: the verification server on its embedded defaults (SQLite, sealed local
/// files in a temporary data directory), driven over HTTP as an integrator would drive it.
enum DemoServerRoundTrip {
    struct Outcome {
        let status: String
        let verificationStatus: String
        let rejectReason: String?
        let lastName: String?
        let deletedStatus: String
    }

    static func run(photo: URL, scanner: DocumentScanner) async throws -> Outcome {
        let server = try await LocalServer.start(scanner: scanner)
        do {
            let reference = try await server.createWithFront(try Data(contentsOf: photo))
            try await server.call(.POST, "/v1/verifications/\(reference)/finalize")
            let result = try await server.waitUntilProcessed(reference, every: .milliseconds(50))
            let deleted = try await server.call(.DELETE, "/v1/verifications/\(reference)")
            await server.stop()
            return Outcome(
                status: result["status"] as? String ?? "?",
                verificationStatus: result["verificationStatus"] as? String ?? "?",
                rejectReason: (result["rejectReason"] as? [String: Any])?["description"] as? String,
                lastName: (result["document"] as? [String: Any])?["lastName"] as? String,
                deletedStatus: deleted["status"] as? String ?? "?")
        } catch {
            await server.stop()
            throw error
        }
    }
}
