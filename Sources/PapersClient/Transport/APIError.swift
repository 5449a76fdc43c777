/// A call to the server that did not succeed: whether the server was reached, its status and
/// problem code, and its `Retry-After`.
struct APIError: Error, Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// No answer: the network, a timeout, a refused connection.
        case unreachable
        /// An answer that is not a 2xx.
        case refused
    }

    let kind: Kind
    let status: Int?
    /// The problem document's `code`, `HTTP_<status>`, or the transport error's type.
    let code: String
    let retryAfter: Duration?

    /// Whether trying again may succeed: no answer, a 5xx, a 429, or a 409 for a request with the
    /// same key still being handled.
    var isRetryable: Bool {
        guard kind == .refused, let status else { return true }
        return status >= 500 || status == 429 || status == 408 || status == 409 && code != "IDEMPOTENCY_KEY_REUSED"
    }

    /// A short cause for statuses and logs.
    var cause: String { status.map { "\($0) \(code)" } ?? code }
}
