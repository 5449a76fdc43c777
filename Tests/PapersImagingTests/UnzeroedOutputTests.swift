@testable import PapersImaging
@testable import PapersSynthesis
import Testing

/// Images that hot paths allocate without zeroing are written in full: their zero parts are
/// written as zeros, not left to whatever the memory held.
@Suite("Outputs not zeroed first")
struct UnzeroedOutputTests {
    /// Frees memory of `bytes` bytes full of a pattern, which the next allocation of about that
    /// size is likely to reuse.
    static func litter(_ bytes: Int) {
        let litter = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
        litter.initialize(repeating: 0xA5, count: bytes)
        litter.deallocate()
    }

    @Test("the edge map's gradients and magnitudes are 0 on the border", arguments: [(40, 30), (3, 3), (2, 7), (64, 2)])
    func edgeMapBorder(width: Int, height: Int) throws {
        var random = SeededRandom(seed: 5)
        let pixels = (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = try #require(Image(width: width, height: height, format: .gray, pixels: pixels))
        for _ in 0..<3 {
            Self.litter(width * height * 2)
            Self.litter(width * height * 4)
            let map = EdgeMap(image)
            let border = (0..<(width * height)).filter { i in
                let x = i % width, y = i / width
                return x == 0 || y == 0 || x == width - 1 || y == height - 1 || width < 3 || height < 3
            }
            #expect(border.allSatisfy { map.gx[$0] == 0 && map.gy[$0] == 0 && map.magnitude2[$0] == 0 })
        }
    }

    @Test("a region plane made for some columns of each row is black outside them")
    func planeOutsideColumns() throws {
        var random = SeededRandom(seed: 8)
        let (width, height) = (90, 40)
        let pixels = (0..<(width * height * 3)).map { _ in UInt8.random(in: 1...255, using: &random) }
        let frame = try #require(Image(width: width, height: height, format: .rgb, pixels: pixels))
        for factor in [1, 2] {
            let rows = height / factor, across = width / factor
            // Spans of every kind: empty, at either end, in the middle, the whole row.
            let columns = (0..<rows).map { row -> Range<Int> in
                switch row % 5 {
                case 0: return 0..<0
                case 1: return 0..<(across / 3)
                case 2: return (across / 2)..<across
                case 3: return 5..<(across - 7)
                default: return 0..<across
                }
            }
            Self.litter(rows * across)
            let plane = AnalysisPlane(frame: frame, factor: factor, region: (0, 0, width, height), columns: columns)
            for row in 0..<rows {
                for x in 0..<across where !columns[row].contains(x) {
                    #expect(plane.image.pixels[row * across + x] == 0, "factor \(factor), row \(row), column \(x)")
                }
            }
        }
    }
}
