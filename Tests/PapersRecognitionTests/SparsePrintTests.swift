import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

@Suite("MRZ print the locator finds only in pieces or far apart")
struct SparsePrintTests {
    /// A development photo whose passport MRZ is set small at a wide pitch under glare: the
    /// locator's lines are thin for their spacing, so only the sparse candidates hold both.
    @Test("a sparse MRZ is found among the assembled candidates and read")
    func readsSparsePrint() {
        let (photo, identity) = IdentityPhotoSet(mrzPrinting: .varied).photo(seed: 8, index: 219)
        let side = MRZReaderTests.scanner.scanSide(photo.image)
        #expect(side.mrz?.lines == identity.mrzLines)
        #expect(side.mrz?.isVerified == true)
    }
}
