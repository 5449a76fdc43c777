import PapersImaging

/// A box in pixels: left, top, width, height.
public struct PixelBox: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// Creates a box.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// The box with every coordinate multiplied by `factor`.
    func scaled(by factor: Double) -> PixelBox {
        PixelBox(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
    }
}

/// Finds the bands of an image that look like an MRZ: two or three long, equally wide lines of
/// text stacked at a regular spacing. Text must run roughly left to right (±5°).
enum MRZLocator {
    /// A candidate MRZ: its text lines, top to bottom, in the searched image's pixels.
    struct Candidate: Sendable {
        var lines: [PixelBox]
        var score: Double
    }

    /// Candidates in `gray` (packed gray), best first. The image is searched at a few text sizes,
    /// from text as tall as a passport's MRZ on a full-frame page down to a document a quarter
    /// of the frame wide.
    static func candidates(in gray: Image, maximumCount: Int = 3) -> [Candidate] {
        var found: [Candidate] = []
        for gapFraction in [1.0 / 70, 1.0 / 130, 1.0 / 240] {
            let gap = max(2, Int(Double(gray.width) * gapFraction))
            let mask = InkMask(gray: gray, radius: max(4, gap * 2))
            let lines = ConnectedComponents.find(in: mask.smearedHorizontally(gap: gap)).filter { c in
                c.height >= 4 && c.width >= 15 * c.height && c.width >= 60 && c.fill >= 0.45
            }
            for group in groups(of: lines) where !found.contains(where: { overlaps($0, group) }) {
                found.append(group)
            }
            if found.contains(where: { $0.score > 0 && $0.lines.count >= 2 }) && found.count >= maximumCount { break }
        }
        return Array(found.sorted { $0.score > $1.score }.prefix(maximumCount))
    }

    /// Runs of 2 or 3 lines of similar width and left edge at a regular, line-height spacing.
    static func groups(of lines: [ConnectedComponents.Component]) -> [Candidate] {
        let sorted = lines.sorted { $0.minY < $1.minY }
        var result: [Candidate] = []
        for (i, first) in sorted.enumerated() {
            var chain = [first]
            var last = first
            for next in sorted[(i + 1)...] where chain.count < 3 {
                let height = Double(last.height + next.height) / 2
                let spacing = Double(next.minY + next.maxY - last.minY - last.maxY) / 2
                guard spacing >= 1.1 * height else { continue }
                if spacing > 3.4 * height { break }
                guard abs(next.width - first.width) <= max(6, first.width / 8),
                      abs(next.minX - first.minX) <= max(4, Int(2 * height)) else { continue }
                chain.append(next)
                last = next
            }
            guard chain.count >= 2 else { continue }
            let boxes = chain.map {
                PixelBox(x: Double($0.minX), y: Double($0.minY), width: Double($0.width), height: Double($0.height))
            }
            // Longer lines win (the MRZ spans the document); three equal lines are a TD1.
            let width = boxes.map(\.width).reduce(0, +) / Double(boxes.count)
            result.append(Candidate(lines: boxes, score: width * (chain.count == 3 ? 1.05 : 1)))
        }
        return result
    }

    static func overlaps(_ a: Candidate, _ b: Candidate) -> Bool {
        a.lines.contains { l in
            b.lines.contains { m in
                abs(l.midY - m.midY) < max(l.height, m.height) && l.x < m.x + m.width && m.x < l.x + l.width
            }
        }
    }
}
