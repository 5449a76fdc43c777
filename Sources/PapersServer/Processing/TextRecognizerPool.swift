import NIOConcurrencyHelpers
import PapersRecognition

/// Text recognisers lent to the workers one at a time: a recogniser reads one page at a time and
/// keeps its engine (its language model) between calls, so each worker reading a document
/// borrows its own, made by `make` the first time none is free.
final class TextRecognizerPool: Sendable {
    private let make: @Sendable () -> any TextRecognizer
    private let idle = NIOLockedValueBox<[any TextRecognizer]>([])

    /// A pool that makes its recognisers with `make`.
    init(_ make: @escaping @Sendable () -> any TextRecognizer) {
        self.make = make
    }

    /// Runs `body` with a recogniser no other caller holds meanwhile.
    func withRecognizer<R>(_ body: (any TextRecognizer) throws -> R) rethrows -> R {
        let recognizer = idle.withLockedValue { $0.popLast() } ?? make()
        defer { idle.withLockedValue { $0.append(recognizer) } }
        return try body(recognizer)
    }
}
