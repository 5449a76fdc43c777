import PapersCore
import Testing

/// Mutated real payloads never crash or hang the parser: each parses or throws a typed error.
@Suite("AAMVA robustness")
struct AAMVARobustnessTests {
    static let mutationCount = 2_000

    @Test("randomly mutated fixtures parse or throw")
    func mutations() {
        let fixtures = AAMVAFixtures.sampleIDs().map(AAMVAFixtures.bytes).filter { !$0.isEmpty }
        #expect(!fixtures.isEmpty)
        var generator = SplitMix64(seed: 0xAA_4D_5A)
        var parsed = 0
        for _ in 0..<Self.mutationCount {
            guard let base = fixtures.randomElement(using: &generator) else { return }
            let bytes = mutate(base, using: &generator)
            do {
                let document = try AAMVAParser.parse(bytes)
                _ = document.documentData
                parsed += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        // Most small mutations leave a readable payload.
        #expect(parsed > Self.mutationCount / 2)
    }

    @Test("every prefix of a payload parses or throws")
    func prefixes() {
        let bytes = AAMVAFixtures.annexExample
        for length in 0...bytes.count {
            _ = try? AAMVAParser.parse(Array(bytes.prefix(length)))
        }
    }

    @Test("long and pathological inputs")
    func pathological() {
        let header = Array("@\n\u{1E}\rANSI 636000100099".utf8)
        _ = try? AAMVAParser.parse(header + Array(repeating: UInt8(ascii: "D"), count: 100_000))
        _ = try? AAMVAParser.parse(header + Array(String(repeating: "DL99999999", count: 1_000).utf8))
        _ = try? AAMVAParser.parse(header + Array(String(repeating: "DLDAQ\n", count: 10_000).utf8))
        _ = try? AAMVAParser.parse(Array(repeating: 0x0A, count: 50_000))
        _ = try? AAMVAParser.parse(Array(repeating: 0xFF, count: 50_000))
    }

    /// Flips, deletes, inserts or duplicates a few bytes, or cuts the payload short.
    func mutate(_ bytes: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !result.isEmpty {
            let index = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: result[index] = UInt8.random(in: 0...255, using: &generator)
            case 1: result.remove(at: index)
            case 2: result.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 3: result.insert(contentsOf: [0x0A, 0x0D, 0x1E, 0x00].shuffled(using: &generator).prefix(2), at: index)
            case 4: result = Array(result.prefix(index))
            default:
                let end = min(result.count, index + 12)
                result.insert(contentsOf: result[index..<end], at: index)
            }
        }
        return result
    }
}
