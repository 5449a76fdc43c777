import ArgumentParser
import Foundation
import PapersCore

/// The `--size WIDTHxHEIGHT` option of the synthetic-photo commands.
enum FrameSize {
    /// Width and height, each 64…8192, or a one-line usage error.
    static func parse(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (64...8192).contains(parts[0]), (64...8192).contains(parts[1]) else {
            throw CLIOutput.fail("--size must be WIDTHxHEIGHT between 64 and 8192, e.g. 1920x1080", code: 64)
        }
        return (parts[0], parts[1])
    }
}
