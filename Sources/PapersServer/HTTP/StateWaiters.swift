import Foundation
import NIOConcurrencyHelpers

/// Requests waiting for a verification or document to change state (`GET …?wait=SECONDS`): a
/// change made by this process wakes them at once; a change made by another server on the same
/// database is seen when they look again, at least once a second.
final class StateWaiters: Sendable {
    private let waiting = NIOLockedValueBox<[String: [UUID: CheckedContinuation<Void, Never>]]>([:])

    init() {}

    /// Wakes every request waiting on `id`.
    func notify(_ id: String) {
        let woken = waiting.withLockedValue { $0.removeValue(forKey: id) } ?? [:]
        for continuation in woken.values { continuation.resume() }
    }

    /// Returns when `id` is notified, after `duration`, or when the task is cancelled.
    func wait(for id: String, upTo duration: Duration) async {
        let token = UUID()
        let take = { @Sendable () -> CheckedContinuation<Void, Never>? in
            self.waiting.withLockedValue { waiting in
                let continuation = waiting[id]?.removeValue(forKey: token)
                if waiting[id]?.isEmpty == true { waiting[id] = nil }
                return continuation
            }
        }
        let timer = Task {
            try? await Task.sleep(for: duration)
            take()?.resume()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.withLockedValue { $0[id, default: [:]][token] = continuation }
                if Task.isCancelled { take()?.resume() }
            }
        } onCancel: {
            take()?.resume()
        }
        timer.cancel()
    }

    /// How many requests wait now.
    var count: Int { waiting.withLockedValue { $0.values.reduce(0) { $0 + $1.count } } }
}
