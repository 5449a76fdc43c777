import Foundation
import PapersCore

/// The real AAMVA payloads in `shared/data/aamva` and their manifest.
enum AAMVAFixtures {
    /// The fixture directory, found by walking up from this file: `<ancestor>/shared/data/aamva`
    /// or `<ancestor>/../shared/data/aamva` (the repository is cloned beside `shared/`).
    static let directory: URL? = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [
                folder.appendingPathComponent("shared/data/aamva"),
                folder.deletingLastPathComponent().appendingPathComponent("shared/data/aamva"),
            ] where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) {
                return candidate.standardizedFileURL
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }()

    /// The manifest file's bytes.
    static let manifest: Data? = directory.flatMap { try? Data(contentsOf: $0.appendingPathComponent("manifest.json")) }

    /// The manifest's samples, by id, as decoded JSON objects (decoded on each call: `Any` is not `Sendable`).
    static var samples: [String: [String: Any]] {
        guard let data = manifest,
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["samples"] as? [[String: Any]] else { return [:] }
        var byID: [String: [String: Any]] = [:]
        for sample in list { if let id = sample["id"] as? String { byID[id] = sample } }
        return byID
    }

    /// Every sample id, sorted.
    static func sampleIDs() -> [String] { samples.keys.sorted() }

    /// The payload bytes of a sample.
    static func bytes(_ id: String) -> [UInt8] {
        guard let directory, let file = samples[id]?["file"] as? String,
              let data = try? Data(contentsOf: directory.appendingPathComponent(file)) else { return [] }
        return Array(data)
    }

    /// The expected values of a sample.
    static func expected(_ id: String) -> [String: Any] {
        samples[id]?["expected"] as? [String: Any] ?? [:]
    }

    /// A well-formed version 10 payload built from the standard's example (no real person).
    static let annexExample: [UInt8] = bytes("benhovinga_v10")
}
