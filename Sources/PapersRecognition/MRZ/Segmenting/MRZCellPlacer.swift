import Foundation
import PapersCore
import PapersImaging

/// Places the cells of an MRZ line where the recogniser reads them best, without looking for gaps
/// between the characters: for print whose characters touch (large or heavy type, ink spread,
/// blur), where ``MRZLineSegmenter/cut(_:count:)`` finds no gaps to settle its grid in.
///
/// The line's character count is known (ICAO 9303 part 4–6: 44, 36 or 30), so its pitch follows
/// from the inked span. The recogniser reads a cell centred at every tenth of that pitch along the
/// line; then the `count` centres are chosen whose readings are surest together (the greatest
/// product of the cells' top probabilities) on a grid that is regular along the whole line:
/// an offset, a pitch within 8% of the span's and a steady change of pitch (perspective), each
/// cell then free to move a tenth of a pitch. A printed line's pitch is that regular; the
/// recogniser is not a judge of where a character ends, since it reads a confident letter in
/// the edge of a page or a cell astride two glyphs, so the grid may not slip a cell anywhere.
/// The ends of the inked span only bound the grid: a card's edge or a mark beside the zone can
/// make the ink start before the first character.
enum MRZCellPlacer {
    /// A line's cells as placed, with the recogniser's probabilities for each.
    struct Placement {
        /// The line cut at the midpoints between the placed centres.
        var line: SegmentedLine
        /// The class probabilities of each cell (uniform for a cell cut off by the photo's edge).
        var probabilities: [[Float]]
        /// The class probabilities of a cell centred where its neighbours, evenly spaced, put it
        /// (see ``evenCentres(_:pitch:)``). A cell whose character decodes otherwise there was
        /// read where the recogniser happened to be surest, not where the print's rhythm says the
        /// character is (see `MRZReader.doubtUnsteady(_:even:)`).
        var even: [[Float]]
    }

    /// Centres tried per pitch: a centre is at most a twentieth of the pitch away from one tried,
    /// well inside the ±15% the recogniser is trained for.
    static let stepsPerPitch = 10

    /// What moving a cell a tenth of a pitch off the regular grid costs, in log probability:
    /// enough to keep the cells on the grid where the readings do not care, little beside a cell
    /// read with assurance.
    static let offGridCost: Float = 0.05

    /// How far the grid's pitch may stray from the one it is searched around (the inked span's,
    /// or the print's period), as a fraction of it.
    static let pitchReach = 0.08

    /// How far inside the inked span the first and last centres tried lie, in pitches.
    static let inset = 0.05

    /// Places `count` cells on `line` with `classifier`'s readings; `nil` when the line is too
    /// short for `count` characters or its pitch would not match its text height.
    static func place(_ line: PreparedLine, count: Int, classifier: OCRBClassifier) -> Placement? {
        guard count >= 2 else { return nil }
        let first = Double(line.first), end = Double(line.last + 1)
        let top = Double(line.top), bottom = Double(line.bottom + 1)
        // A glyph is about 0.7 pitch wide, so the span is about (count − 0.3) pitches.
        let pitch = (end - first) / (Double(count) - 0.3)
        // OCR-B's pitch is about its cap height; large type makes it smaller, never half of it,
        // and small type at the nominal pitch larger, never twice the inked band's height.
        guard pitch >= 2, pitch >= 0.6 * (bottom - top), pitch <= 2 * (bottom - top) else { return nil }
        let step = pitch / Double(stepsPerPitch)
        let origin = first + inset * pitch
        let positions = Int(((end - inset * pitch) - origin) / step) + 1
        guard positions > (count - 1) * (stepsPerPitch - 1) else { return nil }
        let visible = line.visible ?? (-Double.infinity...Double.infinity)

        // The recogniser's reading of a cell centred at every position.
        let classes = MRZAlphabet.characters.count
        let unknown = [Float](repeating: 1 / Float(classes), count: classes)
        var readings = [[Float]](repeating: unknown, count: positions)
        let shown = (0..<positions).filter { k in
            let centre = origin + Double(k) * step
            return visible.contains(centre - pitch / 2 + 1) && visible.contains(centre + pitch / 2 - 1)
        }
        var patch = [Float](repeating: 0, count: CharacterPatch.count)
        var patches: [Float] = []
        patches.reserveCapacity(shown.count * CharacterPatch.count)
        for k in shown {
            let cell = CharacterCell(centerX: origin + Double(k) * step, top: top, bottom: bottom, pitch: pitch)
            CharacterPatch.sample(line.image, cell: cell, into: &patch)
            patches.append(contentsOf: patch)
        }
        for (k, probabilities) in zip(shown, classifier.probabilities(ofPatches: patches, count: shown.count)) {
            readings[k] = probabilities
        }
        let score = readings.map { log(max($0.max() ?? 0, 1e-6)) }

        // The span's pitch, and the print's period where the profile shows one that differs: ink
        // beside the zone (a card's edge, a dark desk past it) can stretch the span.
        var pitches = [Double(stepsPerPitch)]
        if let period = line.period, abs(period / pitch - 1) > pitchReach / 2, period < pitch { pitches.append(period / step) }
        guard let grid = bestGrid(score: score, count: count, positions: positions, pitches: pitches) else { return nil }
        let chosen = grid.positions

        let centres = chosen.map { origin + Double($0) * step }
        var boundaries = [centres[0] - pitch / 2]
        for i in 1..<count { boundaries.append((centres[i - 1] + centres[i]) / 2) }
        boundaries.append(centres[count - 1] + pitch / 2)
        var segmented = SegmentedLine(image: line.image, top: top, bottom: bottom, boundaries: boundaries)
        if let lineVisible = line.visible { segmented.visible = lineVisible }
        let even = evenCentres(centres, pitch: grid.pitch * step).map { centre in
            readings[min(positions - 1, max(0, Int(((centre - origin) / step).rounded())))]
        }
        return Placement(line: segmented, probabilities: chosen.map { readings[$0] }, even: even)
    }

    /// The position of each of `count` cells, given the log top probability `score` of a cell
    /// centred at each position (a tenth of a pitch apart): the regular grid whose cells read
    /// surest, then each cell moved by at most a position where that reads surer by more than
    /// ``offGridCost``. The grid's pitch (in positions) is near one of `pitches`, and the grid lies
    /// within the positions wherever it fits. Returns the positions and the grid's mean pitch in
    /// positions; `nil` when no grid fits.
    static func bestGrid(score: [Float], count: Int, positions: Int, pitches: [Double]) -> (positions: [Int], pitch: Double)? {
        let n = Double(count - 1)
        var best: (score: Float, first: Double, pitch: Double, bend: Double)?
        for (rank, around) in pitches.enumerated() {
            for p in -20...20 {
                let pitch = around * (1 + pitchReach * Double(p) / 20)
                for b in -6...6 {
                    // Up to ±30% change of pitch from one end of the line to the other.
                    let bend = Double(b) * 0.025 * pitch / n
                    // A slight preference for the first pitch given, near it, and an even one, where readings tie.
                    let penalty = Float(abs(Double(p)) * 0.004 + abs(Double(b)) * 0.004 + Double(rank) * 0.1)
                    let length = n * pitch + bend * n * n
                    let free = Double(positions - 1) - length
                    guard free >= -0.5 else { continue }
                    for first in 0...max(0, Int(free.rounded(.down))) {
                        let x0 = Double(first)
                        var total = -penalty
                        for i in 0..<count {
                            let k = Double(i)
                            let position = min(positions - 1, Int((x0 + k * pitch + bend * k * k).rounded()))
                            total += score[position]
                            // Scores are log probabilities, never positive: a grid already behind cannot win.
                            if let best, total <= best.score { break }
                        }
                        if total > (best?.score ?? -.infinity) { best = (total, x0, pitch, bend) }
                    }
                }
            }
        }
        guard let best, best.score > -.infinity else { return nil }
        let centre = (0..<count).map { i in
            let k = Double(i)
            return min(positions - 1, Int((best.first + k * best.pitch + best.bend * k * k).rounded()))
        }
        // Each cell may move one position off the grid, keeping its order.
        var chosen = centre
        for i in 0..<count {
            var top = score[centre[i]], at = centre[i]
            for d in [-1, 1] {
                let k = centre[i] + d
                guard k >= 0, k < positions, i == 0 || k > chosen[i - 1] else { continue }
                if score[k] - offGridCost > top { top = score[k] - offGridCost; at = k }
            }
            chosen[i] = at
        }
        return (chosen, best.pitch + best.bend * n)
    }

    /// Where each cell's centre falls when its neighbours, three on each side, are evenly spaced
    /// at `pitch` from it: the median of their centres shifted by whole pitches.
    static func evenCentres(_ centres: [Double], pitch: Double) -> [Double] {
        centres.indices.map { i in
            let near = max(0, i - 3)...min(centres.count - 1, i + 3)
            let estimates = near.filter { $0 != i }.map { centres[$0] + Double(i - $0) * pitch }.sorted()
            return estimates.isEmpty ? centres[i] : estimates[estimates.count / 2]
        }
    }
}
