import Foundation
import PapersImaging

/// The document's corners over the last moments of camera time: steady once they have stayed
/// within a tolerance for a long enough time. A value; the session owns one.
struct SteadinessTracker: Sendable {
    private var history: [(time: Duration, corners: [Point])] = []

    /// Adds a frame's corners (none: the document was lost, and steadiness starts over).
    mutating func add(_ corners: [Point], at time: Duration) {
        guard corners.count == 4 else { history.removeAll(); return }
        history.append((time, corners))
        // Older frames than the longest wait are of no use.
        history.removeAll { time - $0.time > .seconds(10) }
    }

    /// Forgets everything (a frame without the whole document in it).
    mutating func reset() { history.removeAll() }

    /// How long the corners have held within `tolerance` (of the diagonal) of the latest ones.
    func steadyTime(tolerance: Double) -> Duration {
        guard let latest = history.last else { return .zero }
        let diagonal = hypot(latest.corners[2].x - latest.corners[0].x, latest.corners[2].y - latest.corners[0].y)
        let limit = tolerance * max(1, diagonal)
        var since = latest.time
        for entry in history.reversed() {
            let moved = zip(entry.corners, latest.corners).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
            guard moved <= limit else { break }
            since = entry.time
        }
        return latest.time - since
    }
}
