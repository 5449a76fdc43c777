import PapersCore
import PapersImaging

extension MRZReader {
    /// The moves a cell is read again at, as fractions of the pitch (`dx`) and of the cap height
    /// (`dy`): well inside the inaccuracies the recogniser was trained for (±15% of the pitch,
    /// ±10% of the cap height), so each is a cell the segmenter could as well have placed.
    static let shifts: [(dx: Double, dy: Double)] = [(-0.08, 0), (0.08, 0), (0, -0.05), (0, 0.05)]

    /// Characters read at or above this are read again from their cell moved up and down only
    /// (``steadyShifts``), sure fillers not at all: most of a line's characters are this sure,
    /// and a sure misreading that shows is one whose cell cut off a stroke at its top or bottom
    /// (an `E` read as an `F`).
    static let steadyAbove: Float = 0.995

    /// The moves a character read at or above ``steadyAbove`` is read again at.
    static let steadyShifts = shifts.filter { $0.dx == 0 }

    /// A character no check digit covers (a name's letter, a country code, the sex) has only
    /// the recogniser's word for it, and a confident misreading there is reported as verified.
    /// So each such character the reading would take as sure (at least ``unprotectedThreshold``)
    /// is read again from its cell moved by each of ``shifts`` (``steadyShifts`` from
    /// ``steadyAbove``); when a moved cell decodes as another character
    /// (``MRZDecoder/choice(_:line:column:schema:)``: a `1` read where only a letter may stand
    /// decodes as the `I` it was), its confidence drops to ``unsteadyConfidence``; in a country
    /// code, only when the moved letter still names a country (``isPlausible(_:line:column:in:schema:)``).
    ///
    /// A check digit cannot tell a character from one whose value differs by a multiple of 10
    /// (`G` and `Q`, `5` and `F`: weighted, the difference vanishes modulo 10), so in a field
    /// that allows both (a document number, optional data) a confident misreading of one for the
    /// other holds every check. A character (but a sure filler) whose runner-up in the
    /// recogniser's eyes is such a twin (``MRZDecoder/runnerUpIsTwin(_:of:allowed:)``) is read
    /// again at every one of ``shifts`` too, and when a moved cell decodes as one of its twins it
    /// is counted among ``MRZDecoder/Decoded/movedTwins``: the reading cannot vouch for it.
    /// Done for the decodings kept only: it reads a few cells again for each.
    func doubtingShifts(_ decoded: MRZDecoder.Decoded) -> MRZDecoder.Decoded {
        var decoded = decoded
        let lines = decoded.segmented
        let schema = MRZSchema(format: decoded.format)
        let checked = schema.checkedPositions()
        let filler = UInt8(ascii: "<")
        // The check-blind twins a moved cell is looked at for (none: a character no check covers,
        // doubted when a moved cell reads anything else).
        var doubtful: [(line: Int, column: Int, moves: [(dx: Double, dy: Double)], twins: [UInt8])] = []
        for (l, row) in decoded.confidences.enumerated() where l < lines.count {
            for (c, p) in row.enumerated() where lines[l].isVisible(c) {
                if checked.contains([l, c]) {
                    // A sure filler is not read again here either (its runner-up is often the `K`).
                    if l < decoded.probabilities.count, !(decoded.lines[l][c] == filler && p >= Self.steadyAbove),
                       MRZDecoder.runnerUpIsTwin(decoded.probabilities[l][c], of: decoded.lines[l][c], allowed: schema.classes[l][c]) {
                        doubtful.append((l, c, Self.shifts, MRZDecoder.twins(of: decoded.lines[l][c], allowed: schema.classes[l][c])))
                    }
                    continue
                }
                guard Double(p) >= unprotectedThreshold else { continue }
                if p < Self.steadyAbove {
                    doubtful.append((l, c, Self.shifts, []))
                } else if decoded.lines[l][c] != filler {
                    doubtful.append((l, c, Self.steadyShifts, []))
                }
            }
        }
        guard !doubtful.isEmpty else { return decoded }
        var patches = [Float](), patch = [Float](repeating: 0, count: CharacterPatch.count)
        let count = doubtful.reduce(0) { $0 + $1.moves.count }
        patches.reserveCapacity(count * CharacterPatch.count)
        for (l, c, moves, _) in doubtful {
            let cell = lines[l].cell(c)
            for shift in moves {
                var moved = cell
                moved.centerX += shift.dx * cell.pitch
                moved.top += shift.dy * cell.capHeight
                moved.bottom += shift.dy * cell.capHeight
                CharacterPatch.sample(lines[l].image, cell: moved, into: &patch)
                patches.append(contentsOf: patch)
            }
        }
        let readings = classifier.probabilities(ofPatches: patches, count: count)
        var next = 0
        for (l, c, moves, twins) in doubtful {
            let chosen = MRZDecoder.index(of: decoded.lines[l][c])
            let moved = readings[next..<(next + moves.count)]
            next += moves.count
            let choices = moved.map { MRZDecoder.choice($0, line: l, column: c, schema: schema) }
            if !twins.isEmpty {
                // Another reading the checks can tell apart fails them; only a twin slips through.
                if choices.contains(where: { twins.contains(MRZDecoder.alphabet[$0]) }) { decoded.movedTwins.insert([l, c]) }
            } else if choices.contains(where: { $0 != chosen && Self.isPlausible($0, line: l, column: c, in: decoded.lines, schema: schema) }) {
                decoded.confidences[l][c] = min(decoded.confidences[l][c], Self.unsteadyConfidence)
            }
        }
        return decoded
    }

    /// Whether class `k` read at `line`, `column` in place of the character there gives a zone a
    /// document could carry. In a country code that names a country, a letter that would make
    /// it name none is not a rival reading: the moved cell cut the glyph badly, and the code
    /// itself (a closed list) vouches for the letter read. Elsewhere every character is.
    static func isPlausible(_ k: Int, line: Int, column: Int, in lines: [[UInt8]], schema: MRZSchema) -> Bool {
        guard let field = schema.countryCodes.first(where: { $0.line == line && $0.range.contains(column) }) else { return true }
        let code = String(decoding: lines[line][field.range], as: UTF8.self)
        guard Country(mrzField: code) != nil else { return true }
        var changed = Array(lines[line][field.range])
        changed[column - field.range.lowerBound] = MRZDecoder.alphabet[k]
        return Country(mrzField: String(decoding: changed, as: UTF8.self)) != nil
    }
}
