import Foundation
import NIOConcurrencyHelpers

/// Counters and timing histograms, exposed at `GET /metrics` in the Prometheus text format.
/// Labels carry route patterns and states, never identifiers or document data.
final class ServerMetrics: Sendable {
    private struct State {
        var counters: [Key: Double] = [:]
        var histograms: [Key: Histogram] = [:]
    }

    struct Key: Hashable, Comparable {
        let name: String
        let labels: [(String, String)]

        static func == (a: Key, b: Key) -> Bool { a.name == b.name && a.rendered == b.rendered }
        func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(rendered) }
        static func < (a: Key, b: Key) -> Bool { (a.name, a.rendered) < (b.name, b.rendered) }

        var rendered: String {
            labels.isEmpty ? "" : "{" + labels.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",") + "}"
        }

        static func escape(_ value: String) -> String {
            value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
        }
    }

    struct Histogram {
        static let bounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
        var buckets = [Double](repeating: 0, count: bounds.count)
        var sum = 0.0
        var count = 0.0
    }

    private let state = NIOLockedValueBox(State())

    /// Adds to a counter.
    func increment(_ name: String, _ labels: [(String, String)] = [], by value: Double = 1) {
        state.withLockedValue { $0.counters[Key(name: name, labels: labels), default: 0] += value }
    }

    /// Records one duration in seconds.
    func observe(_ name: String, _ labels: [(String, String)] = [], seconds: Double) {
        state.withLockedValue { state in
            var histogram = state.histograms[Key(name: name, labels: labels)] ?? Histogram()
            for (index, bound) in Histogram.bounds.enumerated() where seconds <= bound { histogram.buckets[index] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.histograms[Key(name: name, labels: labels)] = histogram
        }
    }

    /// The exposition text, with `gauges` (sampled at scrape time) appended.
    func render(gauges: [(name: String, labels: [(String, String)], value: Double)]) -> String {
        let snapshot = state.withLockedValue { $0 }
        var lines: [String] = []
        var typed = Set<String>()
        for (key, value) in snapshot.counters.sorted(by: { $0.key < $1.key }) {
            if typed.insert(key.name).inserted { lines.append("# TYPE \(key.name) counter") }
            lines.append("\(key.name)\(key.rendered) \(format(value))")
        }
        for (key, histogram) in snapshot.histograms.sorted(by: { $0.key < $1.key }) {
            if typed.insert(key.name).inserted { lines.append("# TYPE \(key.name) histogram") }
            for (index, bound) in Histogram.bounds.enumerated() {
                let labels = Key(name: key.name, labels: key.labels + [("le", format(bound))]).rendered
                lines.append("\(key.name)_bucket\(labels) \(format(histogram.buckets[index]))")
            }
            lines.append("\(key.name)_bucket\(Key(name: key.name, labels: key.labels + [("le", "+Inf")]).rendered) \(format(histogram.count))")
            lines.append("\(key.name)_sum\(key.rendered) \(format(histogram.sum))")
            lines.append("\(key.name)_count\(key.rendered) \(format(histogram.count))")
        }
        for gauge in gauges {
            if typed.insert(gauge.name).inserted { lines.append("# TYPE \(gauge.name) gauge") }
            lines.append("\(gauge.name)\(Key(name: gauge.name, labels: gauge.labels).rendered) \(format(gauge.value))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
