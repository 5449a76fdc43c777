import NIOConcurrencyHelpers

/// Upload observers by key, as in the Sensibill SDK: one observer per key (registering another
/// under the same key replaces it), held weakly (an observer the app released is never called
/// and its entry goes), removable; notified from any thread.
public final class ObserverRegistry: Sendable {
    private struct Entry {
        weak var observer: (any UploadObserver)?
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])

    /// Creates an empty registry.
    public init() {}

    /// Registers `observer` under `key`, replacing the one registered there before.
    public func register(_ observer: any UploadObserver, key: String) {
        entries.withLockedValue { $0[key] = Entry(observer: observer) }
    }

    /// Removes the observer under `key`.
    public func unregister(key: String) {
        entries.withLockedValue { $0[key] = nil }
    }

    /// The keys with a live observer.
    public var keys: [String] {
        entries.withLockedValue { entries in entries.filter { $0.value.observer != nil }.map(\.key).sorted() }
    }

    /// Calls every live observer with `status` (outside the lock, so an observer may register or
    /// unregister from its callback), and forgets the released ones.
    public func notify(_ status: UploadStatus) {
        let live = entries.withLockedValue { entries -> [any UploadObserver] in
            entries = entries.filter { $0.value.observer != nil }
            return entries.values.compactMap(\.observer)
        }
        for observer in live { observer.uploadStatusChanged(status) }
    }
}
