import Foundation
import PapersCore
import PapersImaging

/// Places the cells of an MRZ line where the recogniser reads them best, without looking for gaps
/// between the characters: for print whose characters touch (large or heavy type, ink spread,
/// blur), where ``MRZLineSegmenter/cut(_:count:)`` finds no gaps to settle its grid in.
///
/// The line's character count is known (ICAO 9303 part 4–6: 44, 36 or 30), so its pitch follows
/// from the inked span. The recogniser reads a cell centred at every tenth of that pitch along the
/// line; dynamic programming then picks the `count` centres, a pitch apart give or take a tenth,
/// the first at the line's first ink and the last at its last, whose readings are surest together
/// (the greatest product of the cells' top probabilities, a little less for each uneven step).
enum MRZCellPlacer {
    /// A line's cells as placed, with the recogniser's probabilities for each.
    struct Placement {
        /// The line cut at the midpoints between the placed centres.
        var line: SegmentedLine
        /// The class probabilities of each cell (uniform for a cell cut off by the photo's edge).
        var probabilities: [[Float]]
        /// The cells whose likeliest character changes where their neighbours, evenly spaced, put
        /// them (see ``evenCentres(_:pitch:)``): read where the recogniser happened to be surest,
        /// not where the print's rhythm says the character is.
        var unsteady: [Bool]
    }

    /// Centres tried per pitch: a centre is at most a twentieth of the pitch away from one tried,
    /// well inside the ±15% the recogniser is trained for.
    static let stepsPerPitch = 10

    /// What a step between neighbouring centres a tenth of a pitch short or long costs, in log
    /// probability: enough to keep the cells evenly spaced where the readings do not care,
    /// little beside a cell read with assurance.
    static let unevenStepCost: Float = 0.05

    /// Where the first cell's centre may lie after the first ink, and the last's before the last
    /// ink, in pitches: a glyph covers from a fifth (an I) to the whole (heavy type) of its cell.
    static let endReach = 0.05...0.7

    /// Places `count` cells on `line` with `classifier`'s readings; `nil` when the line is too
    /// short for `count` characters or its pitch would not match its text height.
    static func place(_ line: PreparedLine, count: Int, classifier: OCRBClassifier) -> Placement? {
        guard count >= 2 else { return nil }
        let first = Double(line.first), end = Double(line.last + 1)
        let top = Double(line.top), bottom = Double(line.bottom + 1)
        // A glyph is about 0.7 pitch wide, so the span is about (count − 0.3) pitches.
        let pitch = (end - first) / (Double(count) - 0.3)
        // OCR-B's pitch is about its cap height; large type makes it smaller, never half of it.
        guard pitch >= 2, pitch >= 0.6 * (bottom - top), pitch <= 1.6 * (bottom - top) else { return nil }
        let step = pitch / Double(stepsPerPitch)
        let origin = first + endReach.lowerBound * pitch
        let positions = Int(((end - endReach.lowerBound * pitch) - origin) / step) + 1
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

        // best[i][k]: the surest placement of cells 0...i with cell i centred at position k.
        let firstLast = Int((endReach.upperBound - endReach.lowerBound) * Double(stepsPerPitch))
        let lastFirst = positions - 1 - firstLast
        var best = [Float](repeating: -.infinity, count: count * positions)
        var from = [Int32](repeating: -1, count: count * positions)
        for k in 0...min(firstLast, positions - 1) { best[k] = score[k] }
        let even = stepsPerPitch
        for i in 1..<count {
            let row = i * positions, previous = (i - 1) * positions
            for k in (i * (even - 1))..<positions {
                var top = -Float.infinity, argument = -1
                for d in (even - 1)...(even + 1) where k - d >= 0 {
                    let value = best[previous + k - d] - (d == even ? 0 : unevenStepCost)
                    if value > top { top = value; argument = k - d }
                }
                guard argument >= 0, top > -.infinity else { continue }
                best[row + k] = top + score[k]
                from[row + k] = Int32(argument)
            }
        }
        let lastRow = (count - 1) * positions
        guard let last = (max(0, lastFirst)..<positions).max(by: { best[lastRow + $0] < best[lastRow + $1] }),
              best[lastRow + last] > -.infinity else { return nil }
        var chosen = [Int](repeating: 0, count: count)
        chosen[count - 1] = last
        for i in stride(from: count - 1, to: 0, by: -1) { chosen[i - 1] = Int(from[i * positions + chosen[i]]) }

        let centres = chosen.map { origin + Double($0) * step }
        var boundaries = [centres[0] - pitch / 2]
        for i in 1..<count { boundaries.append((centres[i - 1] + centres[i]) / 2) }
        boundaries.append(centres[count - 1] + pitch / 2)
        var segmented = SegmentedLine(image: line.image, top: top, bottom: bottom, boundaries: boundaries)
        if let lineVisible = line.visible { segmented.visible = lineVisible }
        let unsteady = evenCentres(centres, pitch: pitch).enumerated().map { i, centre in
            let k = min(positions - 1, max(0, Int(((centre - origin) / step).rounded())))
            return top1(readings[k]) != top1(readings[chosen[i]])
        }
        return Placement(line: segmented, probabilities: chosen.map { readings[$0] }, unsteady: unsteady)
    }

    /// The index of the likeliest class.
    static func top1(_ probabilities: [Float]) -> Int {
        probabilities.indices.max { probabilities[$0] < probabilities[$1] } ?? 0
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
