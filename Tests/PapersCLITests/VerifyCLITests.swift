import Foundation
import Testing

@Suite("papers verify")
struct VerifyCLITests {
    static let sample = PapersExecutable.repository.appendingPathComponent("Sources/papers/Samples/photos/id-card-td2.jpg").path

    @Test("decides like the server: approved before expiry, DENIED_UNSUPPORTED_ID_TYPE after; a text file is a one-line error")
    func verify() throws {
        let approved = try PapersExecutable.run(["verify", "--json", "--today", "2030-01-01", Self.sample])
        #expect(approved.status == 0, "\(approved.stderr)")
        #expect(approved.json?["verificationStatus"] as? String == "APPROVED_VERIFIED")
        #expect((approved.json?["document"] as? [String: Any])?["lastName"] as? String == "MBEKI")
        let expired = try PapersExecutable.run(["verify", "--json", "--today", "2040-01-01", Self.sample])
        #expect(expired.json?["verificationStatus"] as? String == "DENIED_UNSUPPORTED_ID_TYPE")
        #expect((expired.json?["rejectReason"] as? [String: Any])?["code"] as? String == "DOCUMENT_EXPIRED")
        let wrongType = try PapersExecutable.run(["verify", "--json", "--today", "2030-01-01", "--preselected-type", "passport", Self.sample])
        #expect((wrongType.json?["rejectReason"] as? [String: Any])?["code"] as? String == "UNSUPPORTED_DOCUMENT_TYPE")
        let text = try PapersExecutable.run(["verify", PapersExecutable.repository.appendingPathComponent("README.md").path])
        #expect(text.status == 65)
        #expect(text.stderr.hasPrefix("papers: ") && text.stderr.split(separator: "\n").count == 1)
    }
}
