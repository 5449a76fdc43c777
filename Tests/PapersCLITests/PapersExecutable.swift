import Foundation

/// Runs the real `papers` executable built beside the test bundle.
struct PapersExecutable {
    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String

        var json: [String: Any]? { try? JSONSerialization.jsonObject(with: stdout) as? [String: Any] }
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The `papers` binary in the build products folder of this test bundle.
    static var url: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        for candidate in [folder, Bundle(for: Marker.self).bundleURL.deletingLastPathComponent()] {
            let binary = candidate.appendingPathComponent("papers")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
        }
        return folder.appendingPathComponent("papers")
    }

    /// The repository's folder, and the shared data beside it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sharedData = repository.deletingLastPathComponent().appendingPathComponent("shared/data")

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        try run(url, arguments, stdin: stdin, environment: environment)
    }

    /// Runs another program found on the PATH (a test's outside client, say).
    static func runTool(_ arguments: [String]) throws -> Output {
        try run(URL(fileURLWithPath: "/usr/bin/env"), arguments, stdin: nil, environment: [:])
    }

    /// Runs `executable`; `environment` is added to (or overrides) this process's environment.
    private static func run(_ executable: URL, _ arguments: [String], stdin: String?, environment: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    private final class Marker {}
}
