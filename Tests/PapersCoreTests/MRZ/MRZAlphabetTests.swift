import PapersCore
import Testing

@Suite("MRZ alphabet")
struct MRZAlphabetTests {
    @Test("index(of:) is the position in characters, nil outside the alphabet")
    func indices() {
        #expect(MRZAlphabet.characters.count == 37)
        for (position, character) in MRZAlphabet.characters.enumerated() {
            #expect(MRZAlphabet.index(of: character) == position)
        }
        for byte in UInt8(0)...UInt8(255) where !MRZAlphabet.characters.contains(byte) {
            #expect(MRZAlphabet.index(of: byte) == nil)
        }
    }
}
