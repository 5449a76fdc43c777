import PapersCore
import Testing

/// Garbage input throws a typed error naming the rule and the offset, never the data.
@Suite("AAMVA malformed input")
struct AAMVAErrorTests {
    func code(_ bytes: [UInt8]) -> AAMVAError.Code? {
        do {
            _ = try AAMVAParser.parse(bytes)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("empty input")
    func empty() {
        #expect(code([]) == .empty)
        #expect(code([0xEF, 0xBB, 0xBF]) == .empty)
    }

    @Test("no '@' and no file type")
    func noHeader() {
        #expect(code(Array("hello world, this is not a licence".utf8)) == .noHeader)
        #expect(code(Array("DAQ12345\nDCSSMITH\nDACJOHN\n".utf8)) == .noHeader)
        #expect(code([0x40]) == .noHeader)
    }

    @Test("random bytes")
    func randomBytes() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(code(bytes) != nil)
        }
    }

    @Test("header only")
    func headerOnly() {
        #expect(code(Array("@\n\u{1E}\rANSI 636000100002DL00410278ZV03190008".utf8)) == nil)
        #expect(code(Array("@\n\u{1E}\rANSI 636000100001ZV00310008".utf8)) == .noDataElements)
        #expect(code(Array("@\n\u{1E}\rANSI 636000100002".utf8)) == .truncated)
    }

    @Test("truncated inside the header")
    func truncated() {
        #expect(code(Array("@\n\u{1E}\rANSI ".utf8)) == .truncated)
        #expect(code(Array("@\n\u{1E}\rANSI 6360".utf8)) == .truncated)
        #expect(code(Array("@\n\u{1E}\rANSI 636000".utf8)) == .truncated)
        #expect(code(Array("@\n\u{1E}\rANSI 63600010".utf8)) == .truncated)
    }

    @Test("bad issuer number and version")
    func badNumbers() {
        #expect(code(Array("@\n\u{1E}\rANSI 63X000100002DL00410278".utf8)) == .invalidIssuerIdentificationNumber)
        #expect(code(Array("@\n\u{1E}\rANSI 636000X00002DL00410278".utf8)) == .invalidVersion)
    }

    @Test("the description names code and offset, never payload text")
    func description() {
        do {
            _ = try AAMVAParser.parse(Array("@\n\u{1E}\rANSI 63SMITH0002DL00410278".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidIssuerIdentificationNumber)
            #expect(error.offset == 9)
            #expect(error.description.contains("AAMVA_INVALID_IIN"))
            #expect(error.description.contains("9"))
            #expect(!error.description.contains("SMITH"))
        }
    }

    @Test("every code has a stable raw value")
    func rawValues() {
        #expect(AAMVAError.Code.allCases.allSatisfy { $0.rawValue.hasPrefix("AAMVA_") })
        #expect(AAMVAError(code: .noHeader).description.hasPrefix("AAMVA_NO_HEADER"))
    }
}

/// A small seeded generator, so random tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
