import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// The served paths and their methods, so that a known path asked with another method answers
/// 405 with `Allow` instead of 404. Filled once the router has its routes.
final class RouteTable: Sendable {
    private let entries = NIOLockedValueBox<[(segments: [String], method: String)]>([])

    func fill(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        entries.withLockedValue { $0 = routes.map { (Self.segments($0.path), $0.method.rawValue) } }
    }

    /// The methods served at `path` (empty when no route has that shape).
    func allowed(_ path: String) -> [String] {
        let asked = Self.segments(path)
        return entries.withLockedValue { entries in
            entries.filter { entry in
                entry.segments.count == asked.count
                    && zip(entry.segments, asked).allSatisfy { pattern, part in pattern.hasPrefix(":") || pattern.hasPrefix("{") || pattern == part }
            }.map(\.method)
        }.sorted()
    }

    static func segments(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }
}
