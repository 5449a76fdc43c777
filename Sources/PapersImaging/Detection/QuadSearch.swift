import Foundation

/// Chooses the quadrilateral of a document among the detected lines: pairs of roughly parallel
/// lines, two pairs at a clear angle, scored by how much of each side is backed by edges.
enum QuadSearch {
    struct Candidate {
        var quad: Quadrilateral
        var lines: [Line]
        var coverage: Double
        var area: Double
        /// The mean difference of brightness just inside and just outside the sides: a document
        /// differs from what it lies on, a patterned surface's grid looks the same on both sides.
        var bandContrast: Double
        /// Which edge map backs it (0 luminance, 1 colourfulness).
        var channel: Int
        /// The coverage of the worst-backed side inside the frame.
        var weakestSide = 0.0
        /// The mean coverage of the sides inside the frame (0 when fewer than two are).
        var inFrameCoverage = 0.0
        /// The band contrast of the side where inside and outside differ least.
        var weakestBand = 0.0
        /// The side (from corner i to corner i + 1) that was inferred rather than seen, for a
        /// document running out of the frame.
        var inferredSide: Int?
        /// How many sides lie mostly inside the frame (and so were scored).
        var seenSides = 4
        /// The edge profiles of all the lines the candidate search had (shared by its candidates;
        /// `nil` for a candidate not built from lines).
        var profileTable: LineProfiles?
        /// For each side (from corner i to corner i + 1), the index in ``profileTable`` of the
        /// line it lies on; −1 for an inferred side.
        var sideProfiles: (Int, Int, Int, Int) = (-1, -1, -1, -1)

        /// The index in ``profileTable`` of the profile of the line side `i` lies on; `nil` for an
        /// inferred side or a candidate not built from lines.
        func profileIndex(ofSide i: Int) -> Int? {
            let index = i == 0 ? sideProfiles.0 : i == 1 ? sideProfiles.1 : i == 2 ? sideProfiles.2 : sideProfiles.3
            return index >= 0 && profileTable != nil ? index : nil
        }
    }

    static func candidates(lines: [Line], edges: EdgeMap, channel: Int = 0) -> [Candidate] {
        let w = Double(edges.width), h = Double(edges.height)
        let frameArea = w * h
        // Opposite sides of a document face each other (or away from each other): normals ≈ π apart.
        var pairs: [(Int, Int)] = []
        for i in 0..<lines.count {
            for j in (i + 1)..<lines.count where lines[i].normalAngle(to: lines[j]) > .pi - 0.45 {
                let centre = Point(x: w / 2, y: h / 2)
                let separation = abs(lines[i].signedDistance(centre) + lines[j].signedDistance(centre))
                if separation > 0.1 * min(w, h) { pairs.append((i, j)) }
            }
        }
        // Every side lies on a detected line: score each line once along its whole length, then
        // any side of any candidate in constant time.
        let table = LineProfiles(lines: lines, edges: edges)
        var closed: [(corners: (Point, Point, Point, Point), sides: (Int, Int, Int, Int), scores: SideScores)] = []
        table.withView { profiles in
            for a in 0..<pairs.count {
                for b in (a + 1)..<pairs.count {
                    let (ia1, ia2) = pairs[a], (ib1, ib2) = pairs[b]
                    let (a1, a2, b1, b2) = (lines[ia1], lines[ia2], lines[ib1], lines[ib2])
                    guard a1.angle(to: b1) > 0.7, a1.angle(to: b2) > 0.7, a2.angle(to: b1) > 0.7, a2.angle(to: b2) > 0.7,
                          let p0 = a1.intersection(with: b1), let p1 = a1.intersection(with: b2),
                          let p2 = a2.intersection(with: b2), let p3 = a2.intersection(with: b1) else { continue }
                    // The cheap tests first, on the bare corners: most pairs of pairs fail one.
                    let corners = (p0, p1, p2, p3)
                    guard Quadrilateral.isConvex(corners),
                          Self.allWithin(corners, width: w, height: h) else { continue }
                    // One polarity all round: every edge brightens towards the inside, or every edge darkens.
                    let centre = Point(x: (p0.x + p1.x + p2.x + p3.x) / 4, y: (p0.y + p1.y + p2.y + p3.y) / 4)
                    let inward = a1.signedDistance(centre) > 0
                    guard (b2.signedDistance(centre) > 0) == inward, (a2.signedDistance(centre) > 0) == inward,
                          (b1.signedDistance(centre) > 0) == inward else { continue }
                    guard Quadrilateral.area(corners) > 0.03 * frameArea else { continue }
                    let meanWidth = Quadrilateral.meanWidth(corners), meanHeight = Quadrilateral.meanHeight(corners)
                    let long = max(meanWidth, meanHeight), short = min(meanWidth, meanHeight)
                    guard short > 0, long / short < 3.2 else { continue }
                    // Scored here, made a `Candidate` (a quadrilateral, arrays of lines and profiles) only
                    // if it passes the cut below.
                    let sides = (ia1, ib2, ia2, ib1)
                    closed.append((corners, sides, sideScores(corners, sides: sides, profiles: profiles)))
                }
            }
        }
        let open = openCandidates(lines: lines, pairs: pairs, profiles: table, width: w, height: h, channel: channel)
        let strongest = max(closed.map(\.scores.coverage).max() ?? 0, open.map(\.coverage).max() ?? 0)
        let candidates = closed.compactMap { corners, sides, scores in
            scores.coverage >= strongest * 0.4
                ? Candidate(Quadrilateral(corners.0, corners.1, corners.2, corners.3),
                            lines: [lines[sides.0], lines[sides.1], lines[sides.2], lines[sides.3]],
                            profiles: table, sides: sides, scores: scores, channel: channel)
                : nil
        }
        return candidates + open.filter { $0.coverage >= strongest * 0.4 }
    }

    /// Whether every corner lies within 30% of the frame's size outside it.
    @inline(__always)
    static func allWithin(_ c: (Point, Point, Point, Point), width w: Double, height h: Double) -> Bool {
        @inline(__always) func within(_ p: Point) -> Bool { p.x > -0.3 * w && p.x < 1.3 * w && p.y > -0.3 * h && p.y < 1.3 * h }
        return within(c.0) && within(c.1) && within(c.2) && within(c.3)
    }

    /// How well a candidate's sides are backed, before it is made a ``Candidate``.
    struct SideScores {
        /// The mean coverage of the four sides, an unseen one counting ``unseenSideCoverage``.
        var coverage = 0.0
        /// The mean band contrast of the sides with one (0 when none has).
        var bandContrast = 0.0
        var weakestSide = 0.0
        var inFrameCoverage = 0.0
        var weakestBand = 0.0
        var seenSides = 0
        /// How many sides have a band contrast, and the largest of them (0 when none has).
        var bandSides = 0
        var strongestBand = 0.0
    }

    /// Scores the sides of the quadrilateral with `corners` from the profiles of the lines they
    /// lie on (`sides`: indices into `profiles`, side i from corner i to corner i + 1); index −1 is
    /// a side that was not seen but inferred (it lies outside the frame).
    @inline(__always)
    static func sideScores(_ corners: (Point, Point, Point, Point), sides: (Int, Int, Int, Int),
                           profiles: LineProfiles.View) -> SideScores {
        // Sums in side order, as `meanCoverage` and the means below would add them.
        var coverageSum = 0.0, seenSum = 0.0, seenCount = 0, weakest = Double.infinity
        var bandSum = 0.0, bandCount = 0, weakestBand = Double.infinity, strongestBand = 0.0
        for side in 0..<4 {
            let index = side == 0 ? sides.0 : side == 1 ? sides.1 : side == 2 ? sides.2 : sides.3
            guard index >= 0 else {
                coverageSum += unseenSideCoverage
                continue
            }
            let a = side == 0 ? corners.0 : side == 1 ? corners.1 : side == 2 ? corners.2 : corners.3
            let b = side == 0 ? corners.1 : side == 1 ? corners.2 : side == 2 ? corners.3 : corners.0
            if let coverage = profiles.coverage(index, from: a, to: b) {
                coverageSum += coverage
                seenSum += coverage
                seenCount += 1
                weakest = min(weakest, coverage)
            } else {
                coverageSum += unseenSideCoverage
            }
            if let band = profiles.bandContrast(index, from: a, to: b) {
                bandSum += band
                bandCount += 1
                weakestBand = min(weakestBand, band)
                strongestBand = max(strongestBand, band)
            }
        }
        return SideScores(coverage: coverageSum / 4, bandContrast: bandCount == 0 ? 0 : bandSum / Double(bandCount),
                          weakestSide: seenCount == 0 ? 0 : weakest, inFrameCoverage: seenCount < 2 ? 0 : seenSum / Double(seenCount),
                          weakestBand: bandCount == 0 ? 0 : weakestBand, seenSides: seenCount,
                          bandSides: bandCount, strongestBand: strongestBand)
    }

    /// The document among the candidates. Inner rectangles (a photo, a text box) can be as well
    /// backed as the document's edge, so among the well-backed candidates the largest wins; a
    /// candidate reaching out of the frame (often the grid of a patterned surface) must be clearly
    /// better backed than the best one inside it.
    ///
    /// With `judgingProlongations` (the default), outlines are checked with ``overreaches(_:_:unseen:)``.
    /// The coarse look turns that off: on its blurred views of a checked cloth a document's edge
    /// changes polarity from square to square, so its stretches look unbacked.
    static func choose(_ candidates: [Candidate], width w: Double, height h: Double,
                       judgingProlongations: Bool = true) -> Candidate? {
        // By index: a candidate's copy retains its arrays, and the filters below would copy hundreds.
        candidates.withUnsafeBufferPointer { c in
            chosenIndex(c, width: w, height: h, judgingProlongations: judgingProlongations).map { c[$0] }
        }
    }

    /// ``choose(_:width:height:judgingProlongations:)`` on indices into `c`.
    private static func chosenIndex(_ c: UnsafeBufferPointer<Candidate>, width w: Double, height h: Double,
                                    judgingProlongations: Bool) -> Int? {
        func largestWellBacked(_ all: [Int]) -> Int? {
            let set = all.filter { c[$0].bandContrast >= 6 }
            guard let strongest = set.map({ c[$0].coverage }).max(), strongest >= 0.35 else { return nil }
            let ranked = set.filter { c[$0].coverage >= strongest * 0.8 }.sorted { c[$0].area > c[$1].area }
            // The largest, unless it only prolongs the sides of a better-backed one into the background.
            return ranked.first { outer in
                !judgingProlongations || !set.contains { c[$0].coverage > c[outer].coverage && overreaches(c[outer], c[$0]) }
            } ?? ranked.first
        }
        let all = Array(c.indices)
        let inside = all.filter { c[$0].quad.isInside(width: Int(w), height: Int(h), margin: -2) }
        let overall = largestWellBacked(all)
        guard let best = largestWellBacked(inside) else {
            return overall.map { enclosingIndex($0, among: all, in: c, judgingProlongations: judgingProlongations) }
        }
        if let overall, c[overall].coverage > c[best].coverage * 1.2 {
            return enclosingIndex(overall, among: all, in: c, judgingProlongations: judgingProlongations)
        }
        // A document running out of the frame can enclose the rectangles printed on it; reaching
        // out, it must be well backed on every side seen (a patterned surface's grid is not), and
        // three sides must be seen (two sides of a document prolonged past it make no outline), about
        // as well backed as the rectangle it would replace.
        let reaching = all.filter {
            !c[$0].quad.isInside(width: Int(w), height: Int(h), margin: -2) && c[$0].weakestSide >= 0.5 && c[$0].seenSides >= 3
                && c[$0].inFrameCoverage >= 0.8 * c[best].coverage
        }
        return enclosingIndex(best, among: inside + reaching, in: c, judgingProlongations: judgingProlongations)
    }

    /// The choice once the colourfulness look has added its candidates to brightness's. That look
    /// is there to find a document brightness missed, not to shrink an outline brightness found
    /// whole in the frame to the portrait or a box printed on it: a smaller choice lying inside that
    /// outline gives way to it.
    static func afterColourLook(_ colourChoice: Candidate?, brightnessChoice first: Candidate?,
                                width w: Double, height h: Double) -> Candidate? {
        guard let first, let colourChoice, colourChoice.area < first.area,
              first.quad.isInside(width: Int(w), height: Int(h), margin: -2),
              colourChoice.quad.corners.allSatisfy(first.quad.expanded(by: 0.02).contains) else { return colourChoice }
        return first
    }

    /// A document holds its photo and text boxes, which are often better backed than its own
    /// sides (a side against a patterned surface has edges only where the pattern is dark): the
    /// largest reasonably backed candidate that encloses the choice wins over it.
    static func enclosing(_ choice: Candidate, among candidates: [Candidate], judgingProlongations: Bool = true) -> Candidate {
        (candidates + [choice]).withUnsafeBufferPointer { c in
            c[enclosingIndex(c.count - 1, among: Array(0..<(c.count - 1)), in: c, judgingProlongations: judgingProlongations)]
        }
    }

    /// ``enclosing(_:among:judgingProlongations:)`` on indices into `c`.
    private static func enclosingIndex(_ choice: Int, among candidates: [Int], in c: UnsafeBufferPointer<Candidate>,
                                       judgingProlongations: Bool) -> Int {
        let area = c[choice].area
        let outer = candidates.filter { i in
            // Too small either way (the cheap test first; the rest is the same whatever the order).
            guard c[i].area >= 1.1 * area else { return false }
            // One that continues two or more of the choice's sides (and passes the overreach test
            // below, so they go on backed by edges) may be only a little larger: the choice then
            // stopped at a line printed across the document.
            let shared = judgingProlongations ? sharedLines(c[i], c[choice]) : 0
            let closer = shared >= 2 && c[i].area < 1.4 * area
            return c[i].area >= (shared >= 2 ? 1.1 : 1.4) * area && c[i].bandContrast >= 6
                && c[i].inFrameCoverage >= max(0.3, 0.45 * c[choice].coverage) && c[i].weakestSide >= 0.25 && c[i].weakestBand >= 10
                && c[choice].quad.corners.allSatisfy(c[i].quad.expanded(by: 0.02).contains)
                && !(judgingProlongations && overreaches(c[i], c[choice], unseen: closer))
        }
        return outer.max { c[$0].area < c[$1].area } ?? choice
    }

    /// Whether `outer`, around `inner` and sharing two or more of its lines, prolongs one of inner's sides past inner's corner along a
    /// stretch with no edge of its own: the two sides of a card prolonged to a line of the table
    /// beyond it share the card's lines, and look well backed on the card's part of them. A real
    /// document around a box printed flush with its edge continues that edge, so it is backed.
    /// With `unseen`, a prolongation outside the frame (where nothing backs it or not) counts as
    /// overreaching too.
    static func overreaches(_ outer: Candidate, _ inner: Candidate, unseen: Bool = false) -> Bool {
        // Built on two or more of inner's lines: one shared line is often a document outlined
        // along the box printed flush with its edge, slightly off but still the document.
        guard let table = outer.profileTable, inner.lines.count == 4,
              sharedLines(outer, inner) >= 2 else { return false }
        // Inner must lie within outer (its corners on the shared lines, on them).
        let around = outer.quad.expanded(by: 0.02)
        guard inner.quad.corners.allSatisfy(around.contains) else { return false }
        for i in 0..<4 {
            guard let profile = outer.profileIndex(ofSide: i), let j = inner.lines.firstIndex(of: outer.lines[i]) else { continue }
            let a = outer.quad.corners[i], b = outer.quad.corners[(i + 1) % 4]
            let c = inner.quad.corners[j], d = inner.quad.corners[(j + 1) % 4]
            let length = a.distance(to: b)
            for end in [a, b] {
                let near = end.distance(to: c) < end.distance(to: d) ? c : d
                guard end.distance(to: near) > overreachMinimum * length else { continue }
                let coverage = table.withView { $0.coverage(profile, from: end, to: near) }
                if (coverage ?? (unseen ? 0 : 1)) < overreachCoverage { return true }
            }
        }
        return false
    }

    /// How many of the lines `a`'s sides lie on carry sides of `b` too.
    static func sharedLines(_ a: Candidate, _ b: Candidate) -> Int {
        var count = 0
        for line in a.lines where b.lines.contains(line) { count += 1 }
        return count
    }

    /// Prolongations shorter than this fraction of the side are not judged: a card's rounded
    /// corner leaves a short unbacked stretch (an ID-1 corner's radius is 3.7% of its long side,
    /// 5.9% of its short one). At 0.1 a page's sides prolonged 10% to a line of granite beyond it
    /// went unjudged.
    static let overreachMinimum = 0.07
    /// The coverage a prolonged stretch of a side needs to count as the document's edge.
    static let overreachCoverage = 0.4

    /// The fraction of sample points along the sides (inside the frame) that sit on an edge of the side's orientation.
    /// A side mostly outside the frame counts 0.3: neither evidence for nor against.
    static func coverage(of quad: Quadrilateral, edges: EdgeMap, spacing: Double = 2) -> Double {
        meanCoverage(sideCoverage(of: quad, edges: edges, spacing: spacing))
    }

    /// The mean of four side coverages, a side outside the frame (`nil`) counting ``unseenSideCoverage``.
    static func meanCoverage(_ sides: [Double?]) -> Double {
        sides.reduce(0) { $0 + ($1 ?? unseenSideCoverage) } / 4
    }

    /// What a side outside the frame adds to a candidate's mean coverage: neither evidence for nor against.
    static let unseenSideCoverage = 0.3

    /// The coverage of each side, either polarity counting; `nil` for a side mostly outside the frame.
    /// (Candidates built from detected lines are scored by their `LineProfile`s, polarity-aware.)
    static func sideCoverage(of quad: Quadrilateral, edges: EdgeMap, spacing: Double = 2) -> [Double?] {
        let w = edges.width, h = edges.height
        var result: [Double?] = []
        result.reserveCapacity(4)
        for i in 0..<4 {
            let a = quad.corners[i], b = quad.corners[(i + 1) % 4]
            let length = a.distance(to: b)
            let samples = max(8, Int(length / spacing))
            let nx = -(b.y - a.y) / length, ny = (b.x - a.x) / length
            var inside = 0, hits = 0
            let dx = (b.x - a.x) / Double(samples), dy = (b.y - a.y) / Double(samples)
            let maxX = Double(w - 2), maxY = Double(h - 2)
            edges.withProbe { probe in
                for s in 1..<samples {
                    let px = a.x + dx * Double(s), py = a.y + dy * Double(s)
                    guard px >= 2, py >= 2, px < maxX, py < maxY else { continue }
                    inside += 1
                    // An edge of either polarity within a pixel across the side.
                    let (along, against) = probe.polarities(x: px, y: py, nx: nx, ny: ny)
                    hits += Int(along | against)
                }
            }
            result.append(inside >= samples / 4 ? Double(hits) / Double(inside) : nil)
        }
        return result
    }
}

extension QuadSearch.Candidate {
    /// A candidate built from lines, with its sides' scores: `sides` indexes the profiles of the
    /// lines its sides lie on (−1 for an inferred side).
    init(_ quad: Quadrilateral, lines: [Line], profiles: LineProfiles, sides: (Int, Int, Int, Int),
         scores: QuadSearch.SideScores, channel: Int) {
        self.init(quad: quad, lines: lines, coverage: scores.coverage, area: quad.area, bandContrast: scores.bandContrast,
                  channel: channel)
        seenSides = scores.seenSides
        profileTable = profiles
        sideProfiles = sides
        weakestSide = scores.weakestSide
        inFrameCoverage = scores.inFrameCoverage
        weakestBand = scores.weakestBand
    }
}
