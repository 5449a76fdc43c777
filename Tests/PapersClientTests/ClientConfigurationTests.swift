import Foundation
import PapersClient
import PapersVerification
import Testing

@Suite("Client configuration and retries")
struct ClientConfigurationTests {
    static let server = URL(string: "http://127.0.0.1:8080")!

    @Test("an invalid configuration throws before anything starts, naming the field")
    func validation() throws {
        #expect(throws: Never.self) { try ClientConfiguration(server: Self.server, token: "t", secret: "s").validate() }
        let cases: [(ClientConfiguration, ClientConfigurationError.Code, String)] = [
            (ClientConfiguration(server: Self.server, token: "", secret: "s"), .missingCredentials, "token"),
            (ClientConfiguration(server: Self.server, token: "t", secret: ""), .missingCredentials, "secret"),
            (ClientConfiguration(server: URL(string: "ftp://host")!, token: "t", secret: "s"), .invalidServer, "server"),
            ({
                var configuration = ClientConfiguration(server: Self.server, token: "t", secret: "s")
                configuration.verification.customerInternalReference = String(repeating: "x", count: 101)
                return configuration
            }(), .invalidVerificationOption, "customerInternalReference"),
            ({
                var configuration = ClientConfiguration(server: Self.server, token: "t", secret: "s")
                configuration.verification.callbackUrl = "not a url"
                return configuration
            }(), .invalidVerificationOption, "callbackUrl"),
            ({
                var configuration = ClientConfiguration(server: Self.server, token: "t", secret: "s")
                configuration.retry.maximumAttempts = 0
                return configuration
            }(), .invalidRetryPolicy, "retry.maximumAttempts"),
        ]
        for (configuration, code, field) in cases {
            do {
                try configuration.validate()
                Issue.record("\(field) was accepted")
            } catch {
                #expect(error.code == code)
                #expect(error.field == field)
            }
        }
    }

    @Test("backoff: full jitter under a doubling bound, capped, never sooner than Retry-After")
    func backoff() {
        let policy = RetryPolicy()
        #expect(policy.delay(afterAttempt: 1, unit: 1) == .seconds(1))
        #expect(policy.delay(afterAttempt: 3, unit: 1) == .seconds(4))
        #expect(policy.delay(afterAttempt: 3, unit: 0.5) == .seconds(2))
        #expect(policy.delay(afterAttempt: 3, unit: 0) == .zero)
        #expect(policy.delay(afterAttempt: 40, unit: 1) == .seconds(300))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(30), unit: 0.2) == .seconds(30))
    }
}
