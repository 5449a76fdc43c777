import Foundation
import Testing
@testable import PapersServer

@Suite("OpenAPI document")
struct OpenAPITests {
    /// `METHOD /path` pairs from the document's `paths` (two-space path keys, four-space methods).
    static func documentedOperations(_ yaml: String) -> Set<String> {
        var operations = Set<String>()
        var path: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { break }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                      let method = ["get", "post", "put", "delete", "patch"].first(where: { line == "    \($0):" }) {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test("documents exactly the routes the server serves")
    func matchesRouter() async throws {
        let test = try await TestServer()
        defer { test.remove() }
        let yaml = try #require(SystemRoutes.document)
        let served = Set(test.server.router().routes.map { route in
            let path = "\(route.path)".split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            return "\(route.method.rawValue) /\(path.hasPrefix("/") ? String(path.dropFirst()) : path)"
        })
        let documented = Self.documentedOperations(yaml)
        #expect(documented.count >= 14)
        #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served).sorted())")
    }

    @Test("names every schema it references")
    func references() throws {
        let yaml = try #require(SystemRoutes.document)
        let pattern = try Regex(##"\$ref: "#/components/(schemas|responses|parameters)/([A-Za-z]+)""##)
        for match in yaml.matches(of: pattern) {
            let name = String(match.output[2].substring ?? "")
            #expect(yaml.contains("\n    \(name):\n"), "\(name) is referenced but not defined")
        }
    }
}
