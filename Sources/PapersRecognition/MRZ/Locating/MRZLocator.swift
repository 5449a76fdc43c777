import PapersImaging

/// Finds the bands of an image that look like an MRZ: two or three long, equally wide lines of
/// text stacked at a regular spacing. Text must run roughly left to right (±15°).
enum MRZLocator {
    /// A candidate MRZ: its text lines, top to bottom, in the searched image's pixels.
    struct Candidate: Sendable {
        var lines: [TextLine]
        var score: Double
        /// The text size (gap, as a fraction of the searched width) at which the lines were found first.
        var gapFraction: Double = 0
        /// Whether the candidate is of broken or sparse print (see ``candidates(in:gapFractions:maximumCount:faint:)``):
        /// read only where no other candidate gives a reading.
        var assembled = false
    }

    /// Gaps (fractions of the searched width) for a whole photo: text as tall as a passport's MRZ
    /// on a full-frame page down to a document a quarter of the frame wide.
    static let photoGaps: [Double] = [1.0 / 55, 1.0 / 100, 1.0 / 180]
    /// Gaps for a straightened document: MRZ-sized print only.
    static let documentGaps: [Double] = [1.0 / 55, 1.0 / 100]

    /// Candidates in `gray` (packed gray), best first, searched at each of the `gapFractions`
    /// text sizes; then up to two made of the halves of lines that are two lines smeared into one
    /// (see ``TextLine/halves(in:)``); then up to two of broken or sparse print (lines joined from
    /// pieces, lines far apart for their smeared height; see ``groups(of:sparse:)``), marked
    /// ``Candidate/assembled``: their geometry is the least sure, so they never pre-empt the others.
    /// With `faint`, ink is marks half as dark against their surroundings as usual (see
    /// ``InkMask/threshold(faint:)``).
    static func candidates(in gray: Image, gapFractions: [Double] = photoGaps, maximumCount: Int = 5,
                           faint: Bool = false) -> [Candidate] {
        var found: [Candidate] = [], split: [Candidate] = [], assembled: [Candidate] = []
        let integral = InkMask.integral(of: gray)
        let threshold = InkMask.threshold(faint: faint)
        for gapFraction in gapFractions {
            let gap = max(2, Int(Double(gray.width) * gapFraction))
            let mask = InkMask(gray: gray, integral: integral, radius: max(4, gap * 2), contrast: threshold.contrast,
                               minimumDrop: threshold.minimumDrop)
            let pieces = ConnectedComponents.find(in: mask.dense(rx: gap, ry: max(1, gap / 5), fraction: 0.12), minimumRun: 6 * gap).compactMap { c -> TextLine? in
                let thickness = c.thickness
                guard thickness >= 3 else { return nil }
                let line = c.centreLine
                // A bar, not a blob: at most ±15° of slant and no more than slant plus twice the text height tall.
                guard abs(line.slope) <= 0.27,
                      Double(c.height) <= abs(line.slope) * Double(c.width) + 2.2 * thickness else { return nil }
                return TextLine(minX: Double(c.minX), maxX: Double(c.maxX + 1), intercept: line.intercept + 0.5,
                                slope: line.slope, height: thickness, faint: faint)
            }
            // A line is long for its height.
            func long(_ line: TextLine) -> Bool { line.width >= 60 && line.width >= 15 * line.height }
            let lines = pieces.filter(long)
            for var group in groups(of: lines) where !found.contains(where: { same($0, group) }) {
                group.gapFraction = gapFraction
                found.append(group)
            }
            // Print broken into pieces (see ``TextLine/joined(_:gap:)``) or set sparse: lines joined
            // from pieces, and lines far apart for their smeared height, tried after the rest.
            let joined = TextLine.joined(pieces, gap: Double(2 * gap)).filter(long)
            for var group in groups(of: lines + joined, sparse: true)
            where !(found + assembled).contains(where: { same($0, group) }) {
                group.gapFraction = gapFraction
                group.assembled = true
                assembled.append(group)
            }
            // Large type set close can smear two lines into one bar: its halves are lines too,
            // tried after the candidates seen as they are.
            let halves = lines.compactMap { $0.halves(in: mask) }.flatMap { [$0.upper, $0.lower] }
            for var group in groups(of: halves) where !(found + split).contains(where: { same($0, group) }) {
                group.gapFraction = gapFraction
                split.append(group)
            }
        }
        return Array(found.sorted { $0.score > $1.score }.prefix(maximumCount)) + split.sorted { $0.score > $1.score }.prefix(2)
            + assembled.sorted { $0.score > $1.score }.prefix(2)
    }

    /// Runs of 2 or 3 lines of similar width and left edge at a regular, line-height spacing;
    /// with `sparse`, a spacing of up to ``widestSpacing`` of the lines' length is allowed too.
    static func groups(of lines: [TextLine], sparse: Bool = false) -> [Candidate] {
        let sorted = lines.sorted { $0.midY < $1.midY }
        var result: [Candidate] = []
        for (i, first) in sorted.enumerated() {
            var chain = [first]
            var last = first
            for next in sorted[(i + 1)...] where chain.count < 3 {
                let height = (last.height + next.height) / 2
                // Spacing measured along the upper line's slant, at the lower line's middle.
                let x = (next.minX + next.maxX) / 2
                let spacing = next.midY - (last.intercept + last.slope * x)
                guard spacing >= 1.1 * height else { continue }
                // Sparse print (small type at a wide pitch) smears into a line thinner than its
                // text: the spacing may then also be as much as the line's length allows, an
                // MRZ's lines being under two pitches apart (see ``widestSpacing``).
                if spacing > 3.4 * height && !(sparse && spacing <= Self.widestSpacing * min(first.width, next.width)) { break }
                guard abs(next.width - first.width) <= max(6, first.width / 8),
                      abs(next.minX - first.minX) <= max(4, 2 * height),
                      abs(next.slope - first.slope) <= 0.03 else { continue }
                chain.append(next)
                last = next
            }
            guard chain.count >= 2 else { continue }
            // Longer lines win (the MRZ spans the document); three equal lines are a TD1. The
            // last two of three are a candidate too (a dark edge above an MRZ can look like a
            // line), and so are the first two (so can the document's bottom edge below one).
            for sub in chain.count == 3 ? [chain, Array(chain[1...]), Array(chain[..<2])] : [chain] {
                let width = sub.map(\.width).reduce(0, +) / Double(sub.count)
                result.append(Candidate(lines: sub, score: width * (sub.count == 3 ? 1.05 : 1)))
            }
            // Print nearby smeared into one line of three (a row of text set close above large
            // type) makes it taller and tilts it: the two others place it, and go first.
            if chain.count == 3, let even = evenlySpaced(chain) {
                let width = even.map(\.width).reduce(0, +) / 3
                result.append(Candidate(lines: even, score: width * 1.05 + 1))
            }
        }
        return result
    }

    /// Three MRZ lines as their print must be, when one is more than ``oddHeight`` taller or
    /// shorter than the other two (which agree): that one replaced by theirs, moved by their
    /// spacing. `nil` when the three agree, or no two do.
    static func evenlySpaced(_ lines: [TextLine]) -> [TextLine]? {
        guard lines.count == 3 else { return nil }
        func agree(_ a: Double, _ b: Double) -> Bool { max(a, b) <= oddHeight * min(a, b) }
        let h = lines.map(\.height)
        // The odd line disagrees with both others, so three lines that all agree have none.
        guard let odd = [0, 1, 2].first(where: { i in
                  let others = [0, 1, 2].filter { $0 != i }
                  return agree(h[others[0]], h[others[1]]) && !agree(h[i], h[others[0]]) && !agree(h[i], h[others[1]])
              })
        else { return nil }
        let others = [0, 1, 2].filter { $0 != odd }
        let a = lines[others[0]], b = lines[others[1]]
        // Intercepts are steps of one spacing apart; the odd line is at its step.
        let step = (b.intercept - a.intercept) / Double(others[1] - others[0])
        var placed = a
        placed.intercept = a.intercept + step * Double(odd - others[0])
        placed.slope = (a.slope + b.slope) / 2
        placed.height = (a.height + b.height) / 2
        placed.minX = min(a.minX, b.minX)
        placed.maxX = max(a.maxX, b.maxX)
        var even = lines
        even[odd] = placed
        return even
    }

    /// The widest spacing of two MRZ lines as a fraction of their length: MRZ lines are under
    /// two character pitches apart and at least 30 characters long, so at most 0.07 of it
    /// leaves room for type set small at a wide pitch.
    static let widestSpacing = 0.07

    /// How much taller one line may be than another of the same MRZ (a ratio).
    static let oddHeight = 1.2

    /// The same lines (found again at another scale): as high, at the same place.
    static func same(_ a: Candidate, _ b: Candidate) -> Bool {
        a.lines.count == b.lines.count && zip(a.lines, b.lines).allSatisfy { l, m in
            abs(l.midY - m.midY) < max(l.height, m.height) && l.minX < m.maxX && m.minX < l.maxX
                && max(l.height, m.height) <= oddHeight * min(l.height, m.height)
        }
    }
}
