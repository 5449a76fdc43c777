import AsyncHTTPClient
import Foundation
import NIOCore

/// Delivers callback events: one signed `POST` per attempt, every attempt recorded, retried with
/// exponential backoff until a 2xx or until the policy gives up (at least a day).
///
/// Unless the operator allows private receivers, the callback's host is resolved before each
/// attempt and refused when any of its addresses is loopback, private, link-local or reserved;
/// redirects are never followed (a 3xx is a failed attempt), so a public receiver cannot bounce
/// the signed `POST` inside.
///
/// Deliveries run on senders of their own, never on the workers that read photos, and at most
/// ``CallbackPolicy/maximumPerTenant`` per tenant and ``CallbackPolicy/maximumPerHost`` per host
/// at once; a callback over its cap waits without holding a sender.
struct CallbackDeliverer: Sendable {
    let services: ServerServices
    let client: HTTPClient
    let slots: CallbackSlots

    init(services: ServerServices, client: HTTPClient) {
        self.services = services
        self.client = client
        slots = CallbackSlots(perTenant: services.configuration.callbacks.maximumPerTenant,
                              perHost: services.configuration.callbacks.maximumPerHost)
    }

    /// An HTTP client for callbacks: redirects refused, connection and read timeouts short.
    static func makeClient(_ policy: CallbackPolicy) -> HTTPClient {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .milliseconds(Int64(policy.connectTimeout * 1000)),
                                      read: .milliseconds(Int64(policy.timeout * 1000)))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Attempts one delivery; returns the outcome label for metrics.
    func deliver(_ job: Job) async throws -> String {
        guard let (event, createdAt) = try await services.database.pendingEvent(job.subject) else {
            try await services.database.completeJob(job)
            return "settled"
        }
        let host = URL(string: event.callbackURL)?.host?.lowercased() ?? ""
        guard slots.acquire(tenant: event.tenantID, host: host) else {
            try await services.database.releaseJob(job, at: now() + services.configuration.callbacks.busyDelay)
            return "deferred"
        }
        defer { slots.release(tenant: event.tenantID, host: host) }
        let secret = try await services.database.webhookSecret(tenantID: event.tenantID)
        let timestamp = Int(Date().timeIntervalSince1970)
        var request = HTTPClientRequest(url: event.callbackURL)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Papers-Callbacks/1")
        request.headers.add(name: WebhookSignature.headerName, value: WebhookSignature.header(body: event.body, secret: secret, timestamp: timestamp))
        request.headers.add(name: "Papers-Event-Id", value: event.id)
        request.body = .bytes(ByteBuffer(bytes: event.body))

        let policy = services.configuration.callbacks
        let start = ContinuousClock.now
        var statusCode: Int?
        var failure: String?
        // The name is resolved again now: a host that was public at creation may point inside since.
        if !services.configuration.allowPrivateCallbacks, let kind = await CallbackHostCheck.nonPublicKind(of: event.callbackURL) {
            failure = "refused: the callback host resolves to a \(kind.rawValue) address"
        } else {
            do {
                let response = try await client.execute(request, timeout: .milliseconds(Int64(policy.timeout * 1000)))
                statusCode = Int(response.status.code)
                _ = try? await response.body.collect(upTo: 64 * 1024)
            } catch {
                failure = String(describing: type(of: error))
            }
        }
        let milliseconds = (ContinuousClock.now - start).inSeconds * 1000
        let delivered = statusCode.map { (200..<300).contains($0) } ?? false
        let nextDelay = policy.delay(afterAttempt: job.attempts)
        let givenUp = !delivered && now() + nextDelay - createdAt > policy.giveUpAfter
        try await services.database.recordDelivery(
            eventID: event.id, attempt: job.attempts, statusCode: statusCode, error: failure ?? (delivered ? nil : "HTTP \(statusCode ?? 0)"),
            durationMs: milliseconds, delivered: delivered, givenUp: givenUp)
        if delivered || givenUp {
            try await services.database.completeJob(job)
        } else {
            try await services.database.retryJob(job, at: now() + nextDelay, error: failure ?? "HTTP \(statusCode ?? 0)")
        }
        let outcome = delivered ? "delivered" : (givenUp ? "given_up" : "retry")
        services.metrics.increment("papers_callbacks_total", [("outcome", outcome)])
        return outcome
    }
}
