@testable import PapersImaging
@testable import PapersSynthesis
import Testing

/// The photo generator darkens or brightens the light of a scene, then clips it, as a camera's
/// exposure and sensor do.
@Suite("Synthetic exposure")
struct SyntheticExposureTests {
    @Test("a glare spot in a darkened photo stays brighter than the gain makes white, as a specular highlight does")
    func glareOutshinesDarkening() throws {
        var configuration = PhotoSynthesizer.Configuration()
        configuration.width = 320
        configuration.height = 180
        // Photo 52 of seed 3 at this size has a glare spot and an exposure gain of 0.41.
        let photo = PhotoSynthesizer(configuration: configuration).photo(seed: 3, index: 52)
        #expect(photo.truth.glare)
        #expect(photo.truth.exposureGain < 0.6)
        let centre = try #require(photo.truth.glareCenter)
        let image = photo.image
        let at = (Int(centre.y) * image.width + Int(centre.x)) * image.channels
        let brightest = (0..<min(3, image.channels)).map { Double(image.pixels[at + $0]) }.max() ?? 0
        // Clipping the light to white before the gain capped the spot at 255 × gain (104 here),
        // a grey plateau no camera shows; the spot's light is far past white, so it stays bright.
        #expect(brightest > 255 * photo.truth.exposureGain + 40)
    }
}
