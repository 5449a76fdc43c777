import PapersCore
import PapersImaging

extension MRZReader {
    /// The moves a cell is read again at, as fractions of the pitch (`dx`) and of the cap height
    /// (`dy`): well inside the inaccuracies the recogniser was trained for (±15% of the pitch,
    /// ±10% of the cap height), so each is a cell the segmenter could as well have placed.
    static let shifts: [(dx: Double, dy: Double)] = [(-0.08, 0), (0.08, 0), (0, -0.05), (0, 0.05)]

    /// Characters read at or above this are not read again: a misreading that sure did not show
    /// in the evaluation sets, and most of a line's characters are.
    static let steadyAbove: Float = 0.995

    /// A character no check digit covers (a name's letter, a country code, the sex) has only
    /// the recogniser's word for it, and a confident misreading there is reported as verified.
    /// So each such character the reading would take as sure (at least ``unprotectedThreshold``,
    /// below ``steadyAbove``) is read again from its cell moved by each of ``shifts``; when a
    /// moved cell reads as another character, its confidence drops to ``unsteadyConfidence``.
    /// Done for the decodings kept only: it reads a few cells again for each.
    func doubtingShifts(_ decoded: MRZDecoder.Decoded) -> MRZDecoder.Decoded {
        var decoded = decoded
        let lines = decoded.segmented
        let checked = MRZSchema(format: decoded.format).checkedPositions()
        var doubtful: [(line: Int, column: Int)] = []
        for (l, row) in decoded.confidences.enumerated() where l < lines.count {
            for (c, p) in row.enumerated()
            where Double(p) >= unprotectedThreshold && p < Self.steadyAbove && lines[l].isVisible(c)
                && !checked.contains([l, c]) {
                doubtful.append((l, c))
            }
        }
        guard !doubtful.isEmpty else { return decoded }
        var patches = [Float](), patch = [Float](repeating: 0, count: CharacterPatch.count)
        patches.reserveCapacity(doubtful.count * Self.shifts.count * CharacterPatch.count)
        for (l, c) in doubtful {
            let cell = lines[l].cell(c)
            for shift in Self.shifts {
                var moved = cell
                moved.centerX += shift.dx * cell.pitch
                moved.top += shift.dy * cell.capHeight
                moved.bottom += shift.dy * cell.capHeight
                CharacterPatch.sample(lines[l].image, cell: moved, into: &patch)
                patches.append(contentsOf: patch)
            }
        }
        let readings = classifier.probabilities(ofPatches: patches, count: doubtful.count * Self.shifts.count)
        for (i, (l, c)) in doubtful.enumerated() {
            let chosen = MRZDecoder.index(of: decoded.lines[l][c])
            let moved = readings[(i * Self.shifts.count)..<((i + 1) * Self.shifts.count)]
            if moved.contains(where: { MRZCellPlacer.top1($0) != chosen }) {
                decoded.confidences[l][c] = min(decoded.confidences[l][c], Self.unsteadyConfidence)
            }
        }
        return decoded
    }
}
