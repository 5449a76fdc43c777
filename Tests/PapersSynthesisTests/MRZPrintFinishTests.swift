import PapersImaging
@testable import PapersSynthesis
import Testing

@Suite("MRZ print finishes of the development renderer")
struct MRZPrintFinishTests {
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// The MRZ printed on a plain page (no guilloche of the document's own) in `style`, and the
    /// band of rows it was printed in.
    static func printed(_ style: MRZPrintStyle) -> (canvas: FloatCanvas, rows: Range<Int>) {
        var canvas = FloatCanvas(width: 1250, height: 880, fill: (220, 220, 220))
        DocumentRenderer.printMRZ(lines, kind: .passportPage, style: style, on: &canvas, ink: (10, 10, 10))
        let (_, _, lastBaseline, spacing) = DocumentRenderer.mrzGeometry(kind: .passportPage, width: 1250, height: 880, length: 44)
        return (canvas, Int(lastBaseline - spacing - 30)..<Int(lastBaseline + 5))
    }

    /// The darkest level and the share of pixels darker than 180 in `rows`.
    static func ink(_ canvas: FloatCanvas, rows: Range<Int>) -> (darkest: Float, dark: Double) {
        var darkest: Float = 255, dark = 0.0
        for y in rows {
            for x in 0..<canvas.width {
                let v = canvas.data[(y * canvas.width + x) * 3]
                darkest = min(darkest, v)
                if v < 180 { dark += 1 }
            }
        }
        return (darkest, dark / Double(rows.count * canvas.width))
    }

    @Test("engraved print is grey; inkjet print breaks its strokes into dots")
    func finishes() {
        let solid = Self.printed(MRZPrintStyle())
        let engraved = Self.printed(MRZPrintStyle(finish: .engraved, contrast: 0.4))
        let inkjet = Self.printed(MRZPrintStyle(finish: .inkjet, textureSeed: 7))
        let solidInk = Self.ink(solid.canvas, rows: solid.rows)
        #expect(solidInk.darkest < 20)
        // 40% of the way from the surface (220) to the ink (10): no darker than about 136.
        #expect(Self.ink(engraved.canvas, rows: engraved.rows).darkest > 125)
        // Inside the solid strokes, the gaps between the dots show the surface.
        var stroke = 0, gaps = 0
        for y in solid.rows {
            for x in 0..<solid.canvas.width {
                let i = (y * solid.canvas.width + x) * 3
                guard solid.canvas.data[i] < 60 else { continue }
                stroke += 1
                if inkjet.canvas.data[i] > solid.canvas.data[i] + 60 { gaps += 1 }
            }
        }
        #expect(gaps > stroke / 20 && gaps < stroke * 9 / 10, "\(gaps) of \(stroke)")
    }

    @Test("a guilloche runs under the zone, not across the rest of the page")
    func guilloche() {
        let drawn = Self.printed(MRZPrintStyle(guilloche: true, textureSeed: 3))
        let plain = Self.printed(MRZPrintStyle())
        var changedInZone = 0, changedAbove = 0
        for y in 0..<drawn.canvas.height {
            for x in 0..<drawn.canvas.width {
                let i = (y * drawn.canvas.width + x) * 3
                guard abs(drawn.canvas.data[i] - plain.canvas.data[i]) > 1 else { continue }
                if y < drawn.rows.lowerBound - 60 { changedAbove += 1 } else { changedInZone += 1 }
            }
        }
        #expect(changedInZone > 1000)
        #expect(changedAbove == 0)
    }

    @Test("the varied set draws every finish, and some print over a guilloche")
    func varied() {
        var random = SeededRandom(seed: 11)
        let styles = (0..<60).map { _ in MRZPrintStyle.varied(random: &random) }
        #expect(Set(styles.map(\.finish)) == Set(MRZPrintStyle.Finish.allCases))
        #expect(styles.contains { $0.guilloche } && styles.contains { !$0.guilloche })
        #expect(styles.allSatisfy { (0.92...1.08).contains($0.pitchScale) && (0.78...1.32).contains($0.glyphScale) })
        #expect(styles.filter { $0.finish == .engraved }.allSatisfy { $0.contrast <= 0.6 })
    }
}
