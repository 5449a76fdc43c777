import Foundation

/// The CLI's bundled sample photos, read from the source tree.
enum Samples {
    /// The URL of `Sources/papers/Samples/photos/NAME`.
    static func photo(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/papers/Samples/photos/\(name)")
    }
}
