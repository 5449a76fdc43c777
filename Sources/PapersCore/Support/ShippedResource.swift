import Foundation

/// Finds a file a Papers module ships in its SwiftPM resource bundle, without SwiftPM's
/// `Bundle.module` on Linux: that accessor stops the process when its bundle is neither beside
/// the executable nor in the build directory, so a binary deployed without its bundles would
/// crash where it should report a missing resource.
package enum ShippedResource {
    /// An environment variable naming a directory that holds the `Papers_<Target>.resources`
    /// bundles, for a binary deployed away from them.
    package static let directoryVariable = "PAPERS_RESOURCES"

    /// `path` (relative to the bundle's root, e.g. `Resources/ocrb-mlp.bin`) in the bundle of
    /// target `target`, or `nil` when none of the places holds it. On Linux the places are, in
    /// order: the directory named by ``directoryVariable``, the bundle beside the executable, and
    /// `sources` (the target's source directory, for a binary copied out of its build directory).
    /// Elsewhere, `fallback` (the module's `Bundle.module` lookup: an app carries its bundles).
    package static func url(target: String, path: String, sources: URL, fallback: () -> URL?) -> URL? {
        #if os(Linux)
        let bundle = "Papers_\(target).resources"
        var places: [URL] = []
        if let directory = ProcessInfo.processInfo.environment[directoryVariable], !directory.isEmpty {
            places.append(URL(fileURLWithPath: directory).appendingPathComponent(bundle))
        }
        places.append(Bundle.main.bundleURL.appendingPathComponent(bundle))
        places.append(sources)
        return places.map { $0.appendingPathComponent(path) }.first { FileManager.default.fileExists(atPath: $0.path) }
        #else
        return fallback()
        #endif
    }

    /// What to tell an operator when a shipped file is missing.
    package static func missingAdvice(target: String) -> String {
        "ship Papers_\(target).resources beside the executable, or set \(directoryVariable) to the directory holding it"
    }
}
