import PapersImaging
@testable import PapersRecognition
import PapersSynthesis
import Testing

/// The PDF417 locator finds a symbol's outline from its start and stop bars, however sheared.
@Suite("PDF417 locator")
struct PDF417LocatorTests {
    /// Module widths of the start pattern (bar first) and of the stop pattern with its termination bar.
    static let startPattern = [8, 1, 1, 1, 1, 1, 1, 3]
    static let stopPattern = [7, 1, 1, 3, 1, 1, 1, 2, 1]

    /// A symbol-like drawing: the start pattern, about `dataModules` modules of seeded random bars
    /// and spaces one to six modules wide in each row (as in PDF417's codewords), the stop pattern, on white, sheared so that row y moves `shear · y` pixels right.
    /// Its true outline starts at `origin`; a module is `module` pixels, a row `rowHeight`.
    static func drawing(shear: Double, module: Int = 4, rows: Int = 12, rowHeight: Int = 12, dataModules: Int = 170,
                        origin: (x: Int, y: Int) = (80, 60), size: (width: Int, height: Int) = (1100, 300)) -> (Image, Quadrilateral) {
        var random = SeededRandom(seed: 9)
        // One row's modules: true for dark.
        func pattern(_ widths: [Int]) -> [Bool] { widths.enumerated().flatMap { Array(repeating: $0.offset % 2 == 0, count: $0.element) } }
        // Every row equally long: its data runs are cut to `dataModules`, ending on a space.
        let modules = (0..<rows).map { _ in
            var data: [Bool] = []
            // The start pattern ends on a bar: the data opens with a space, and alternates.
            while data.count < dataModules { data += Self.run(&random, dark: data.last == false) }
            return pattern(startPattern) + data.prefix(dataModules - 1) + [false] + pattern(stopPattern)
        }
        let total = modules[0].count
        var image = Image(width: size.width, height: size.height, format: .gray, fill: 235)
        for y in 0..<size.height {
            let row = (y - origin.y) / rowHeight
            guard y >= origin.y, row < rows else { continue }
            for x in 0..<size.width {
                let u = Double(x) - shear * Double(y - origin.y) - Double(origin.x)
                let m = Int((u / Double(module)).rounded(.down))
                if u >= 0, m < total, modules[row][m] { image.pixels[y * image.bytesPerRow + x] = 25 }
            }
        }
        let height = Double(rows * rowHeight), width = Double(total * module)
        let x0 = Double(origin.x), y0 = Double(origin.y)
        let quad = Quadrilateral(Point(x: x0, y: y0), Point(x: x0 + width, y: y0),
                                 Point(x: x0 + width + shear * height, y: y0 + height), Point(x: x0 + shear * height, y: y0 + height))
        return (image, quad)
    }

    /// One bar or space of one to six modules.
    static func run(_ random: inout SeededRandom, dark: Bool) -> [Bool] {
        Array(repeating: dark, count: 1 + Int(random.next() % 6))
    }

    @Test("a symbol's outline is found within two pixels at every corner, upright or sheared either way", arguments: [0.0, 0.06, -0.08])
    func findsOutline(shear: Double) throws {
        let (image, truth) = Self.drawing(shear: shear)
        let located = PDF417Locator.locate(in: image)
        try #require(located != nil, "no symbol located")
        let found = located!
        for (corner, expected) in zip(found.corners, truth.corners) {
            #expect(corner.distance(to: expected) < 2.5, "found \(corner), drawn \(expected)")
        }
    }

    @Test("a colour copy gives the same outline as the gray one")
    func colourIsReadAsGray() throws {
        let (image, _) = Self.drawing(shear: 0.05)
        let gray = PDF417Locator.locate(in: image), colour = PDF417Locator.locate(in: image.rgb())
        #expect(gray != nil && colour == gray)
    }

    @Test("nothing is located on a blank page, nor in bars with no stop pattern")
    func nothingWithoutBars() {
        let blank = PDF417Locator.locate(in: Image(width: 900, height: 300, format: .gray, fill: 230))
        #expect(blank == nil)
        // The drawing cut off before its stop pattern.
        let (image, _) = Self.drawing(shear: 0)
        let cut = image.cropped(x: 0, y: 0, width: 80 + 4 * 150, height: image.height)
        let located = cut.flatMap { PDF417Locator.locate(in: $0) }
        #expect(cut != nil && located == nil)
    }

    @Test("a bar line keeps its longest stretch of rows and bridges short gaps")
    func barLineStretch() throws {
        // x = 0.05·y + 100 on rows 0…59 with rows 20…24 missing, then stray edges far off.
        var edges = (0..<60).filter { !(20...24).contains($0) }.map { (x: Int((0.05 * Double($0) + 100).rounded()), y: $0) }
        edges += [(x: 400, y: 70), (x: 30, y: 75)]
        let line = try #require(BarLine.fit(edges, minimumRows: 20))
        #expect(line.top == 0 && line.bottom == 59)
        #expect(abs(line.slope - 0.05) < 0.01 && abs(line.x(at: 30) - 101.5) < 1)
        #expect(BarLine.fit(edges, minimumRows: 61) == nil)
    }
}
