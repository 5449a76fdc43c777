import Foundation
import PapersCore
@testable import PapersServer
import PapersVerification
import Testing

/// The wire types of PapersVerification are hand-written Codable structs; this keeps them and
/// `openapi.yaml` one description of the API: every stored member is a documented property and
/// every documented property a member, and the enums list the same values.
@Suite("Wire types and the OpenAPI document")
struct WireTypesTests {
    /// The lines of `components/schemas` (a response may share a schema's name).
    static func schemaLines(_ yaml: String) -> ArraySlice<Substring> {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        return lines[(lines.firstIndex(of: "  schemas:") ?? lines.endIndex)...]
    }

    /// The property names of `components/schemas/NAME` (a four-space schema key, six-space
    /// `properties:`, its members at eight spaces).
    static func properties(of name: String, in yaml: String) -> Set<String> {
        var names = Set<String>()
        var inSchema = false, inProperties = false
        for line in schemaLines(yaml) {
            if line == "    \(name):" { inSchema = true; continue }
            guard inSchema else { continue }
            if line.hasPrefix("    "), !line.hasPrefix("     ") { break }
            if line == "      properties:" { inProperties = true; continue }
            if line.hasPrefix("      "), !line.hasPrefix("       ") { inProperties = false }
            if inProperties, line.hasPrefix("        "), !line.hasPrefix("         "), let colon = line.firstIndex(of: ":") {
                names.insert(String(line[line.index(line.startIndex, offsetBy: 8)..<colon]))
            }
        }
        return names
    }

    /// The `enum: [...]` values of `components/schemas/NAME`, or of its property `property`.
    static func enumValues(of name: String, property: String? = nil, in yaml: String) -> Set<String> {
        var inSchema = false
        for line in schemaLines(yaml) {
            if line == "    \(name):" { inSchema = true; continue }
            guard inSchema else { continue }
            if line.hasPrefix("    "), !line.hasPrefix("     ") { break }
            let wanted = property.map { "        \($0): {" } ?? "      enum: ["
            guard line.hasPrefix(wanted), let open = line.range(of: "enum: ["), let close = line[open.upperBound...].firstIndex(of: "]") else {
                continue
            }
            return Set(line[open.upperBound..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return []
    }

    /// The stored members of a value, as its synthesised Codable keys name them.
    static func members(_ value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    static let samples: [(schema: String, value: any Sendable)] = [
        ("Problem", ProblemDetails(type: "/problems/x", title: "Bad Request", status: 400, detail: "d", code: "X", instance: "/v1")),
        ("VerificationRequest", VerificationRequest()),
        ("VerificationCreated", VerificationCreated(scanReference: "r", status: .pending)),
        ("Verification", VerificationResource(scanReference: "r", status: .done, createdAt: "t", updatedAt: "t")),
        ("VerificationList", VerificationList(data: [], hasMore: false, nextCursor: nil)),
        ("ImageStored", ImageStored(scanReference: "r", side: .front, contentType: "image/jpeg", byteCount: 1)),
        ("FrameBatchRequest", FrameBatchRequest(frames: [])),
        ("FrameBatchStored", FrameBatchStored(batchId: "b", scanReference: "r", frameCount: 1)),
        ("FinalizeRequest", FinalizeRequest(validBatchIds: ["b"])),
        ("DocumentCreated", DocumentCreated(documentId: "d", status: .processing)),
        ("Document", DocumentResource(documentId: "d", status: .done, createdAt: "t", updatedAt: "t")),
        ("LivenessChallengeIssued", LivenessChallengeIssued(challenge: "c", gestures: ["left"], nonce: "n", expiresAt: "t", secondsPerGesture: 5)),
        ("LivenessVerdict", LivenessVerdict(isLive: true, failure: nil, gestures: ["left"], nonce: "n", frontalImage: nil, steps: [],
                                            frameBatchIds: [], metadata: nil)),
        ("FrameReference", LivenessVerdict.FrameReference(batchId: "b", frame: 0)),
    ]

    @Test("every wire type's members are its schema's properties", arguments: samples.indices)
    func membersMatch(index: Int) throws {
        let yaml = try #require(SystemRoutes.document)
        let (schema, value) = Self.samples[index]
        let documented = Self.properties(of: schema, in: yaml)
        #expect(!documented.isEmpty, "no properties found for \(schema)")
        #expect(Self.members(value) == documented, "\(type(of: value)) against \(schema)")
    }

    @Test("the enums list the documented values")
    func enumsMatch() throws {
        let yaml = try #require(SystemRoutes.document)
        #expect(Set(VerificationState.allCases.map(\.rawValue)) == Self.enumValues(of: "VerificationState", in: yaml))
        #expect(Set(VerificationDecision.allCases.map(\.rawValue)) == Self.enumValues(of: "VerificationStatus", in: yaml))
        #expect(Set(DocumentType.allCases.map(\.rawValue)) == Self.enumValues(of: "DocumentType", in: yaml))
        #expect(Set(DocumentStatus.allCases.map(\.rawValue)) == Self.enumValues(of: "Document", property: "status", in: yaml))
        #expect(Set(DocumentKind.allCases.map(\.rawValue)) == Self.enumValues(of: "Document", property: "type", in: yaml))
        #expect(Set(ImageSide.allCases.map(\.rawValue)) == Self.enumValues(of: "ImageStored", property: "side", in: yaml))
    }

    @Test("the parser finds nested properties only at their own level")
    func parserLevels() {
        let yaml = """
        components:
          responses:
            Outer:
              description: a response of the same name
          schemas:
            Outer:
              type: object
              properties:
                a: {type: string}
                b:
                  type: object
                  properties:
                    inner: {type: string}
                c: {type: string, enum: [X, Y]}
            Next:
              properties:
                z: {type: string}
        """
        #expect(Self.properties(of: "Outer", in: yaml) == ["a", "b", "c"])
        #expect(Self.enumValues(of: "Outer", property: "c", in: yaml) == ["X", "Y"])
    }
}
