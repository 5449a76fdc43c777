import Foundation
import Testing

@Suite("papers synth --renderer freetype and eval mrz DIR")
struct IndependentRendererCLITests {
    @Test("synth --renderer freetype writes an identity set that eval mrz DIR scores")
    func synthAndEvaluate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("papers-freetype-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let synth = try PapersExecutable.run(["synth", "--renderer", "freetype", "--count", "2", "--size", "640x360", "--seed", "2", "--out", folder.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        let entry = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("00000.json"))) as? [String: Any]
        #expect(entry?["renderer"] as? String == "freetype")
        #expect((entry?["mrzStyle"] as? [String: Any])?["pitchFactor"] is Double)
        let truth = try #require(entry?["truth"] as? [String: Any])
        #expect((truth["mrzLines"] as? [String])?.isEmpty == false)

        let eval = try PapersExecutable.run(["eval", "mrz", "--json", folder.path])
        #expect(eval.status == 0, "\(eval.stderr)")
        #expect(eval.json?["photos"] as? Int == 2)
        #expect(eval.json?["readable"] as? Int == 2)

        let licences = try PapersExecutable.run(["synth", "--renderer", "freetype", "--documents", "licence", "--count", "1", "--out", folder.path])
        #expect(licences.status == 64)
        #expect(licences.stderr.contains("--documents identity"))
        let missing = try PapersExecutable.run(["eval", "mrz", folder.appendingPathComponent("none").path])
        #expect(missing.status == 66)
    }
}
