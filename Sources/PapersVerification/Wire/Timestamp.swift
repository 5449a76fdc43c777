import Foundation

/// The API's timestamps: ISO 8601 with milliseconds, UTC (`2026-11-27T09:30:00.000Z`).
public enum Timestamp {
    /// Formats seconds since 1970.
    public static func iso(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
