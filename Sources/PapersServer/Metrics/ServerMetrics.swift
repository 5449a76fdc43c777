import CoreMetrics
import Prometheus

/// The server's counters, timing histograms and gauges, recorded through swift-metrics into a
/// Prometheus registry of the server's own and exposed at `GET /metrics` in the Prometheus text
/// format. Labels carry route patterns and states, never identifiers or document data.
///
/// Each server has its own registry (tests run several servers in one process); `papers serve`
/// also makes it the process's `MetricsSystem`, so that libraries' metrics (Hummingbird's
/// `MetricsMiddleware`) land beside the server's.
final class ServerMetrics: Sendable {
    /// The registry `/metrics` renders.
    let registry: PrometheusCollectorRegistry
    /// swift-metrics' factory over the registry.
    let factory: PrometheusMetricsFactory

    /// The upper bounds of the timing histograms, in seconds.
    static let durationBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// A server's metrics, in a registry of their own.
    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBounds.map { .nanoseconds(Int64(($0 * 1e9).rounded())) }
        factory.nameAndLabelSanitizer = { name, labels in
            (Self.sanitized(name), labels.map { (Self.sanitized($0.0), $0.1) })
        }
        self.factory = factory
    }

    /// A Prometheus metric or label name: letters, digits and underscores (`hb.requests` becomes
    /// `hb_requests`).
    static func sanitized(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar in
            ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
                ? Character(scalar) : "_"
        })
    }

    /// Adds to a counter.
    func increment(_ name: String, _ labels: [(String, String)] = [], by value: Int = 1) {
        Counter(label: name, dimensions: labels, factory: factory).increment(by: value)
    }

    /// Records one duration in seconds.
    func observe(_ name: String, _ labels: [(String, String)] = [], seconds: Double) {
        Timer(label: name, dimensions: labels, factory: factory).recordNanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// The exposition text, with `gauges` (sampled at scrape time) set first.
    func render(gauges: [(name: String, labels: [(String, String)], value: Double)]) -> String {
        for gauge in gauges {
            Gauge(label: gauge.name, dimensions: gauge.labels, factory: factory).record(gauge.value)
        }
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
