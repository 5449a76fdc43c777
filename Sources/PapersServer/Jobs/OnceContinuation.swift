import NIOConcurrencyHelpers

/// A continuation that racing parties (the work, a deadline, a cancellation) may each try to
/// resume: the first one does, the others are ignored.
final class OnceContinuation<T: Sendable>: Sendable {
    private let pending = NIOLockedValueBox<CheckedContinuation<T, any Error>?>(nil)

    init() {}

    /// Holds the continuation to resume.
    func hold(_ continuation: CheckedContinuation<T, any Error>) {
        pending.withLockedValue { $0 = continuation }
    }

    /// Resumes it with `result`, unless it was resumed already (or is not held yet).
    func resume(with result: Result<T, any Error>) {
        pending.withLockedValue { continuation in
            continuation?.resume(with: result)
            continuation = nil
        }
    }
}
