import PapersImaging

/// A PDF417 symbol as a grid of modules, one row per codeword row: what the independent licence
/// back draws, at its own module width and row height.
///
/// A row runs start pattern (17 modules), left row indicator (17), the data columns (17 each),
/// right row indicator (17) and stop pattern (18), ISO/IEC 15438 5.3.
public struct PDF417Modules: Sendable, Hashable {
    /// Codeword rows.
    public let rows: Int
    /// Modules across a row, from the start bar to the termination bar.
    public let modulesPerRow: Int
    /// Whether each module is dark, row by row.
    public let dark: [Bool]

    /// The data columns: the modules between the row indicators over 17.
    public var dataColumns: Int { (modulesPerRow - 69) / 17 }

    /// Whether module `column` of row `row` is dark; modules outside the symbol are light.
    @inline(__always)
    public func isDark(row: Int, column: Int) -> Bool {
        guard row >= 0, row < rows, column >= 0, column < modulesPerRow else { return false }
        return dark[row * modulesPerRow + column]
    }

    /// The modules of a writer's bitmap: black modules on white, one pixel per module across,
    /// each codeword row drawn as one or more identical pixel rows, with any quiet zone. `nil`
    /// when the bitmap holds no symbol of a PDF417's shape (69 + 17k modules across, three rows
    /// or more).
    public init?(bitmap: Image) {
        let gray = bitmap.channels == 1 ? bitmap : bitmap.grayscale()
        func isDark(_ x: Int, _ y: Int) -> Bool { gray.pixels[y * gray.bytesPerRow + x] < 128 }
        var minX = gray.width, maxX = -1, minY = gray.height, maxY = -1
        for y in 0..<gray.height {
            for x in 0..<gray.width where isDark(x, y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= minX, maxY >= minY else { return nil }
        let width = maxX - minX + 1
        guard width >= 86, (width - 69) % 17 == 0 else { return nil }
        var cells: [Bool] = [], previous: [Bool]?
        for y in minY...maxY {
            let line = (minX...maxX).map { isDark($0, y) }
            // Neighbouring codeword rows always differ (their clusters differ), so a repeated
            // pixel row belongs to the row above.
            if line != previous { cells += line }
            previous = line
        }
        let rows = cells.count / width
        guard rows >= 3 else { return nil }
        self.rows = rows
        modulesPerRow = width
        dark = cells
    }

    /// A grid from its modules, row by row (`dark.count` a multiple of `modulesPerRow`).
    public init(rows: Int, modulesPerRow: Int, dark: [Bool]) {
        precondition(rows * modulesPerRow == dark.count, "the grid holds rows × modulesPerRow modules")
        self.rows = rows
        self.modulesPerRow = modulesPerRow
        self.dark = dark
    }
}
