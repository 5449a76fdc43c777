import Foundation

extension QuadSearch {
    /// Long-to-short side ratios of the documents Papers meets: an ID-1 card, an ID-3 passport
    /// page, ISO 216 paper (A4) and US letter.
    static let documentAspects = [1.586, 1.42, 1.414, 1.294]

    /// The lengths an open candidate's sides may have, as multiples of its base, shortest first:
    /// each aspect, times or divided into the base (`divides`).
    static let aspectSteps: [(aspect: Double, divides: Bool)] =
        documentAspects.flatMap { [($0, false), ($0, true)] }
            .sorted { ($0.divides ? 1 / $0.aspect : $0.aspect) < ($1.divides ? 1 / $1.aspect : $1.aspect) }

    /// Candidates for a document that runs out of the frame on one side, so that only three of
    /// its sides are seen: two opposite sides (a pair of near-parallel lines) joined by a third.
    /// The fourth side is inferred from the document's proportions, as the nearest one that lies
    /// outside the frame (where nobody could have seen it); it is marked as `inferredSide`.
    ///
    /// Without these, such a photo yields only the rectangles printed on the document (its
    /// portrait, a text box), and sharpness and glare are then measured on the wrong region.
    static func openCandidates(lines: [Line], pairs: [(Int, Int)], profiles: LineProfiles,
                               width w: Double, height h: Double, channel: Int) -> [Candidate] {
        // Profiles are read in place (an array's element would be copied, and retained, per read).
        profiles.withView { view in openCandidates(lines: lines, pairs: pairs, table: profiles, profiles: view,
                                                   width: w, height: h, channel: channel) }
    }

    private static func openCandidates(lines: [Line], pairs: [(Int, Int)], table: LineProfiles,
                                       profiles: LineProfiles.View,
                                       width w: Double, height h: Double, channel: Int) -> [Candidate] {
        var candidates: [Candidate] = []
        func outside(_ p: Point) -> Bool { p.x < 0 || p.y < 0 || p.x > w - 1 || p.y > h - 1 }
        for (i1, i2) in pairs {
            let l1 = lines[i1], l2 = lines[i2]
            for m in lines.indices where m != i1 && m != i2 {
                let base = lines[m]
                guard base.angle(to: l1) > 0.7, base.angle(to: l2) > 0.7,
                      let p0 = l1.intersection(with: base), let p1 = l2.intersection(with: base),
                      !outside(p0), !outside(p1) else { continue }
                let across = p0.distance(to: p1)
                guard across > 0.1 * min(w, h) else { continue }
                // One polarity all round: the inside lies on the same side of all three lines.
                let mid = Point(x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2)
                let brightensInward = l1.signedDistance(mid) > 0
                guard (l2.signedDistance(mid) > 0) == brightensInward else { continue }
                // The inside is where the third line's normal points (or away from it), by that polarity.
                let sign = brightensInward ? 1.0 : -1.0
                let inward = Point(x: base.cosTheta * sign, y: base.sinTheta * sign)
                // Along each side line, the unit direction away from the third line.
                func away(_ line: Line) -> Point {
                    let d = Point(x: -line.sinTheta, y: line.cosTheta)
                    return d.x * inward.x + d.y * inward.y >= 0 ? d : Point(x: -d.x, y: -d.y)
                }
                let u1 = away(l1), u2 = away(l2)
                // The shortest proportion whose far side lies outside the frame.
                var far: (Point, Point)?
                for (aspect, divides) in aspectSteps {
                    let length = divides ? across / aspect : across * aspect
                    let p2 = Point(x: p1.x + u2.x * length, y: p1.y + u2.y * length)
                    let p3 = Point(x: p0.x + u1.x * length, y: p0.y + u1.y * length)
                    if outside(p2) && outside(p3) { far = (p2, p3); break }
                }
                guard let (p2, p3) = far else { continue }
                // The cheap tests first; the search for a closing line below walks every line.
                let corners = (p0, p1, p2, p3)
                guard Quadrilateral.isConvex(corners), Quadrilateral.area(corners) > 0.03 * w * h else { continue }
                let scores = sideScores(corners, sides: (m, i2, -1, i1), profiles: profiles)
                // The two side lines must be seen along most of their run inside the frame.
                // All three seen sides must part the document from the same surface: similar
                // contrast across each (a line of wood grain or a shadow beside a side does not).
                guard scores.weakestSide >= 0.5, scores.bandSides == 3,
                      scores.weakestBand >= max(15, 0.35 * scores.strongestBand) else { continue }
                // A seen line closing the two sides inside the frame means the document ends there
                // (that is a closed candidate), or the sides run on past a shorter rectangle.
                let closed = lines.indices.contains { n in
                    guard n != m, n != i1, n != i2, lines[n].normalAngle(to: base) > .pi - 0.45,
                          let q1 = l1.intersection(with: lines[n]), let q0 = l2.intersection(with: lines[n]),
                          !outside(q0) || !outside(q1) else { return false }
                    // Beyond the base, towards the inferred side.
                    let ahead = (q1.x - p0.x) * inward.x + (q1.y - p0.y) * inward.y > 0.1 * across
                    return ahead && (profiles.coverage(n, from: q0, to: q1) ?? 0) >= 0.6
                }
                guard !closed else { continue }
                let farLine = Line(theta: base.theta + .pi, rho: -(p2.x * base.cosTheta + p2.y * base.sinTheta), votes: 0)
                var candidate = Candidate(Quadrilateral(p0, p1, p2, p3), lines: [base, l2, farLine, l1],
                                          profiles: table, sides: (m, i2, -1, i1), scores: scores, channel: channel)
                candidate.inferredSide = 2
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// The part of a candidate inside the frame: its corners on the inferred side pulled back
    /// along the side lines to the frame's edge. The whole quadrilateral when no side is inferred.
    static func visiblePart(of quad: Quadrilateral, inferredSide: Int?, width w: Double, height h: Double) -> Quadrilateral {
        guard let side = inferredSide else { return quad }
        let c = quad.corners
        // The inferred side runs from corner `side` to `side + 1`; the seen base from `side + 2` to `side + 3`.
        let farA = c[side], farB = c[(side + 1) % 4], nearB = c[(side + 2) % 4], nearA = c[(side + 3) % 4]
        // The largest t ≤ 1 keeping near + t·(far − near) inside the frame.
        func reach(_ near: Point, _ far: Point) -> Double {
            var t = 1.0
            let dx = far.x - near.x, dy = far.y - near.y
            if dx < 0 { t = min(t, (0 - near.x) / dx) } else if dx > 0 { t = min(t, (w - 1 - near.x) / dx) }
            if dy < 0 { t = min(t, (0 - near.y) / dy) } else if dy > 0 { t = min(t, (h - 1 - near.y) / dy) }
            return max(0.05, t)
        }
        let t = min(reach(nearA, farA), reach(nearB, farB))
        var corners = c
        corners[side] = Point(x: nearA.x + t * (farA.x - nearA.x), y: nearA.y + t * (farA.y - nearA.y))
        corners[(side + 1) % 4] = Point(x: nearB.x + t * (farB.x - nearB.x), y: nearB.y + t * (farB.y - nearB.y))
        return Quadrilateral(corners: corners) ?? quad
    }
}
