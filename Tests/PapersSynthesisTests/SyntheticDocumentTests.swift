import PapersCore
import PapersImaging
import PapersSynthesis
import Testing

/// The generator's ground truth must hold: what it claims a photo shows is what it drew.
@Suite("Synthetic documents")
struct SyntheticDocumentTests {
    @Test("Every synthetic MRZ parses with valid check digits", arguments: [MRZFormat.mrp, .td1, .td2])
    func identitiesParse(format: MRZFormat) throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<20 {
            let identity = SyntheticIdentity(format: format, random: &random)
            let parsed = try MRZParser.parse(lines: identity.mrzLines)
            #expect(parsed.mrzData?.format == format)
            #expect(parsed.mrzData?.compositeValid != false)
            #expect(parsed.mrzData?.idNumberValid == true)
            #expect(parsed.dob == identity.document.dob)
            #expect(parsed.idNumber == identity.document.idNumber)
        }
    }

    @Test("Every synthetic licence payload parses back to its card")
    func licencesParse() throws {
        for index in 0..<10 {
            let licence = LicencePhotoSet.licence(seed: 5, index: index)
            let parsed = try AAMVAParser.parse(licence.payload)
            #expect(parsed.documentData.idNumber == licence.card.idNumber)
            #expect(parsed.documentData.dob == licence.card.dateOfBirth)
            #expect(parsed.documentData.lastName == licence.card.lastName)
        }
    }

    @Test("The same seed gives the same photo and truth")
    func deterministic() {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 320
        configuration.height = 240
        configuration.documentLongSide = 200
        let synthesizer = PhotoSynthesizer(configuration: configuration)
        let a = synthesizer.photo(seed: 9, index: 3), b = synthesizer.photo(seed: 9, index: 3), c = synthesizer.photo(seed: 9, index: 4)
        #expect(a.truth == b.truth)
        #expect(a.image.pixels == b.image.pixels)
        #expect(a.image.pixels != c.image.pixels)
    }

    @Test("The glyph atlas draws every MRZ character and nothing else")
    func atlasCoversTheAlphabet() {
        #expect(OCRBGlyphAtlas.characters == MRZAlphabet.characters)
        for character in MRZAlphabet.characters {
            let cell = OCRBGlyphAtlas.coverage(of: character)
            #expect(cell?.count == OCRBGlyphAtlas.cellWidth * OCRBGlyphAtlas.cellHeight)
            #expect(cell?.contains { $0 > 128 } == true)
        }
        #expect(OCRBGlyphAtlas.coverage(of: UInt8(ascii: "a")) == nil)
    }
}
