import PapersCore
import PapersImaging
import PapersImagingCodecs
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// Characters the check digits cannot tell apart: values that differ by a multiple of 10 leave
/// every weighted sum the same modulo 10, so the reading must vouch for them itself.
@Suite("Check-blind characters")
struct CheckBlindTests {
    static func twins(_ character: Character, _ allowed: MRZSchema.CharacterClass) -> String {
        String(decoding: MRZDecoder.twins(of: character.asciiValue!, allowed: allowed), as: UTF8.self)
    }

    @Test("twins are the characters a field allows whose value differs by a multiple of 10")
    func twins() {
        #expect(Self.twins("G", .any) == "6Q")
        #expect(Self.twins("0", .any) == "AKU<")
        #expect(Self.twins("Q", .letter) == "G")
        #expect(Self.twins("5", .digit) == "", "digits differ by less than 10")
        #expect(Self.twins("7", .digitOrFiller) == "")
        // Every twin leaves a check digit as it was.
        for (character, twin) in [("G", "Q"), ("5", "F"), ("0", "U")] {
            #expect(MRZCheckDigit.compute("L898902C3" + character) == MRZCheckDigit.compute("L898902C3" + twin))
        }
    }

    @Test("a character is re-read for its twins only when the recogniser's runner-up is one")
    func runnerUp() {
        var p = [Float](repeating: 0.0001, count: MRZDecoder.alphabet.count)
        p[MRZDecoder.index(of: UInt8(ascii: "Q"))] = 0.99
        p[MRZDecoder.index(of: UInt8(ascii: "G"))] = 0.002
        #expect(MRZDecoder.runnerUpIsTwin(p, of: UInt8(ascii: "Q"), allowed: .any))
        p[MRZDecoder.index(of: UInt8(ascii: "O"))] = 0.005
        #expect(!MRZDecoder.runnerUpIsTwin(p, of: UInt8(ascii: "Q"), allowed: .any), "the O is likelier than the G")
        // A digit-only field has no twins at all.
        #expect(!MRZDecoder.runnerUpIsTwin(p, of: UInt8(ascii: "5"), allowed: .digit))
    }

    /// A development photo whose passport's personal number has a `G` the recogniser reads as a
    /// confident `Q` in its cell: every check holds for either. A cell moved by a twelfth of the
    /// pitch reads the `G`, so the reading must not be verified.
    @Test("a confident misreading every check holds for is not verified when a moved cell reads its twin")
    func twinMisreadingFlagged() throws {
        let (photo, identity) = IdentityPhotoSet(mrzPrinting: .varied).photo(seed: 8, index: 245)
        let delivered = try ImageCodecs.decode(ImageCodecs.encode(photo.image, forPath: "photo.jpg", quality: photo.truth.jpegQuality))
        let mrz = try #require(MRZReaderTests.scanner.scanSide(delivered).mrz)
        // Right, or not verified: a recogniser that reads the `G` passes too.
        if mrz.lines != identity.mrzLines {
            #expect(!mrz.isVerified)
            #expect(mrz.uncertainPositions.contains(MRZReading.Position(line: 2, column: 33)))
        }
    }
}
