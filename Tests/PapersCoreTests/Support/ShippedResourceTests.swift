import Foundation
@testable import PapersCore
import Testing

@Suite("Shipped resources")
struct ShippedResourceTests {
    #if os(Linux)
    @Test("a file is found in the directory PAPERS_RESOURCES names, then in the sources; a missing one is nil, not a crash")
    func lookUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("papers-resources-\(UUID().uuidString)")
        let bundled = root.appendingPathComponent("Papers_Probe.resources/Resources")
        let sources = root.appendingPathComponent("sources/Resources")
        try FileManager.default.createDirectory(at: bundled, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("bundle".utf8).write(to: bundled.appendingPathComponent("both.txt"))
        try Data("sources".utf8).write(to: sources.appendingPathComponent("both.txt"))
        try Data("sources".utf8).write(to: sources.appendingPathComponent("only.txt"))
        let sourceRoot = root.appendingPathComponent("sources")
        func find(_ path: String) -> String? {
            ShippedResource.url(target: "Probe", path: path, sources: sourceRoot) { nil }
                .flatMap { try? String(contentsOf: $0, encoding: .utf8) }
        }
        setenv(ShippedResource.directoryVariable, root.path, 1)
        defer { unsetenv(ShippedResource.directoryVariable) }
        #expect(find("Resources/both.txt") == "bundle")
        #expect(find("Resources/only.txt") == "sources")
        #expect(find("Resources/missing.txt") == nil)
        unsetenv(ShippedResource.directoryVariable)
        #expect(find("Resources/both.txt") == "sources")
        #expect(ShippedResource.missingAdvice(target: "Probe").contains("Papers_Probe.resources"))
    }
    #endif
}
