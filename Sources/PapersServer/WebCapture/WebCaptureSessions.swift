import Foundation
import PapersCapture
import PapersImaging

/// The capture sessions of the web capture page, one per verification and part, kept in memory
/// while the page streams frames: the same ``CaptureSession`` a native app runs decides guidance
/// and auto-capture. A capture waits here for the user's confirmation; only a confirmed image
/// is stored. Idle sessions are dropped after ``idleLifetime``, and at most ``capacity`` live.
actor WebCaptureSessions {
    /// One part's session and what it captured.
    struct Entry {
        let session: CaptureSession
        let started: ContinuousClock.Instant
        var lastUsed: ContinuousClock.Instant
        /// The captured image, awaiting confirmation.
        var pending: (bytes: [UInt8], contentType: String)?
    }

    private var entries: [String: Entry] = [:]
    let idleLifetime: Duration
    let capacity: Int

    init(idleLifetime: Duration = .seconds(900), capacity: Int = 2000) {
        self.idleLifetime = idleLifetime
        self.capacity = capacity
    }

    static func key(_ scanReference: String, _ part: String) -> String { "\(scanReference)/\(part)" }

    /// Runs one frame through the part's session (created on first use); a captured frame's
    /// bytes become the pending image. A part with a pending image ignores further frames.
    func process(_ image: Image, bytes: [UInt8], contentType: String, scanReference: String, part: String) async -> FrameVerdict? {
        let key = Self.key(scanReference, part)
        let now = ContinuousClock.now
        let entry = entry(key, now: now)
        guard entry.pending == nil else { return nil }
        entries[key] = entry
        let verdict = await entry.session.process(CaptureFrame(image: image, time: now - entry.started))
        if verdict.state == .captured { entries[key]?.pending = (bytes, contentType) }
        return verdict
    }

    /// Sets the pending image of a part by hand (a photo taken with the capture button or chosen from a file).
    func setPending(_ bytes: [UInt8], contentType: String, scanReference: String, part: String) {
        let key = Self.key(scanReference, part)
        var entry = entry(key, now: ContinuousClock.now)
        entry.pending = (bytes, contentType)
        entries[key] = entry
    }

    /// The pending image of a part, if any.
    func pending(scanReference: String, part: String) -> (bytes: [UInt8], contentType: String)? {
        entries[Self.key(scanReference, part)]?.pending
    }

    /// Forgets a part: a retake starts a new session; a confirmed part is done with it.
    func reset(scanReference: String, part: String) {
        entries[Self.key(scanReference, part)] = nil
    }

    /// Forgets every part of a verification.
    func forget(scanReference: String) {
        entries = entries.filter { !$0.key.hasPrefix(scanReference + "/") }
    }

    /// The entry of `key` (a new session when there is none), marked used `now`, after dropping idle ones.
    private func entry(_ key: String, now: ContinuousClock.Instant) -> Entry {
        sweep(now)
        var entry = entries[key] ?? Entry(session: CaptureSession(), started: now, lastUsed: now)
        entry.lastUsed = now
        return entry
    }

    private func sweep(_ now: ContinuousClock.Instant) {
        entries = entries.filter { now - $0.value.lastUsed < idleLifetime }
        while entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            entries[oldest.key] = nil
        }
    }
}
