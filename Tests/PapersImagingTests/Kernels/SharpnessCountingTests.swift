@testable import PapersImaging
import Testing

/// The sharpness histograms first leave out runs of small second differences; the bins from the
/// counting floor up, and the totals, must be those of the full count.
@Suite("Sharpness counting")
struct SharpnessCountingTests {
    /// Glyph-like strokes, then the same smeared more and more (down to nearly flat).
    static func pictures() throws -> [Image] {
        let sharp = MotionBlurTests.strokes()
        return try [0, 3, 9, 25].map { length in
            let pixels = length == 0 ? sharp : MotionBlurTests.smeared(sharp, length: length)
            return try #require(Image(width: 480, height: 270, format: .gray, pixels: pixels))
        }
    }

    @Test("with a floor, every bin from the floor up and every total are those of the full count")
    func binsFromTheFloorUp() throws {
        let bins = QualityMeasures.differenceBins
        let floor = QualityMeasures.countingFloor
        for picture in try Self.pictures() {
            let full = QualityMeasures.differenceHistograms(picture, floor: 0)
            let floored = QualityMeasures.differenceHistograms(picture, floor: floor)
            for k in 0..<4 {
                // The two copies (even and odd columns) of direction k, added.
                let counts = { (d2: [Int32]) in (0..<bins).map { Int(d2[k * bins + $0]) + Int(d2[(4 + k) * bins + $0]) } }
                let (exact, partial) = (counts(full), counts(floored))
                #expect(exact.reduce(0, +) == partial.reduce(0, +))
                #expect(Array(exact[floor...]) == Array(partial[floor...]))
            }
            // Something was left out on a picture of flat paper and strokes.
            #expect(full != floored)
        }
    }

    @Test("the sharpness is the same as counted in full, also where the fallback recount runs")
    func sameSharpness() throws {
        for picture in try Self.pictures() {
            let measured = QualityMeasures(picture)
            let full = QualityMeasures.differenceHistograms(picture, floor: 0)
            let bins = QualityMeasures.differenceBins
            let percentiles = (0..<4).map { k -> Int in
                let counts = (0..<bins).map { Int(full[k * bins + $0]) + Int(full[(4 + k) * bins + $0]) }
                let target = Int(Double(counts.reduce(0, +)) * 0.99)
                var seen = 0
                for (value, count) in counts.enumerated() {
                    seen += count
                    if seen > target { return value }
                }
                return bins - 1
            }
            let strongest = [Double(percentiles[0]), Double(percentiles[1]), Double(percentiles[2]) / 1.4, Double(percentiles[3]) / 1.4]
            #expect(measured.anisotropy == strongest.min()! / max(1, strongest.max()!))
        }
    }
}
