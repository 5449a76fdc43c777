import Foundation
import PapersImaging

/// The words of a card front placed by their boxes, so that a label's value is found where it is
/// printed (to its right on the same row, or directly below it) rather than where text recognition
/// put it in its lines: Tesseract may join two columns into one line, or give one row's label and
/// value to two lines.
struct PrintedIDLayout {
    /// One word, upper-cased, with the label it reads as.
    struct Word {
        let text: String
        let box: TextBox
        let confidence: Double
        let label: PrintedIDLabel?
        /// The index of the recognised line it came from.
        let line: Int
        /// Whether it is printed smaller than most words: a label's type (AAMVA's card design
        /// standard prints labels smaller than the data).
        let small: Bool
    }

    let words: [Word]
    /// Runs of words of one recognised line with no wide gap between them, left to right: the
    /// pieces of a line that joined two columns.
    let segments: [[Int]]

    /// A gap wider than this many times the taller word's height parts two columns.
    static let columnGap = 1.6
    /// A value below its label starts at most this many of its heights under the label's bottom.
    static let rowsBelow = 1.5

    static let edgeMarks = CharacterSet(charactersIn: "‘’“”`|\"'").union(.whitespacesAndNewlines)

    /// A word lower than this share of the page's median word height is small.
    static let smallHeight = 0.8

    init(_ text: RecognizedText) {
        var placed: [(text: String, box: TextBox, confidence: Double, line: Int)] = []
        var segments: [[Int]] = []
        for (lineIndex, line) in text.lines.enumerated() {
            var segment: [Int] = []
            for word in line.words {
                // Quotes and bars at a word's edges are specks and frame lines read as text.
                let trimmed = word.text.trimmingCharacters(in: Self.edgeMarks)
                guard !trimmed.isEmpty else { continue }
                let upper = trimmed.uppercased()
                let text = upper.utf16.count == trimmed.utf16.count ? upper : trimmed
                if let last = segment.last, Self.gap(placed[last].box, word.box) > Self.columnGap * Double(max(placed[last].box.height, word.box.height)) {
                    segments.append(segment)
                    segment = []
                }
                segment.append(placed.count)
                placed.append((text, word.box, word.confidence, lineIndex))
            }
            if !segment.isEmpty { segments.append(segment) }
        }
        let heights = placed.map(\.box.height).sorted()
        let median = heights.isEmpty ? 0 : Double(heights[heights.count / 2])
        words = placed.map { word in
            let small = Double(word.box.height) < Self.smallHeight * median
            let label = small ? PrintedIDLabel(nearly: word.text) : PrintedIDLabel(word: word.text)
            return Word(text: word.text, box: word.box, confidence: word.confidence, label: label, line: word.line, small: small)
        }
        self.segments = segments
    }

    /// `segment` without the small words it starts with (labels, read or not).
    func droppingLeadingSmall(_ segment: [Int]) -> [Int] {
        Array(segment.drop { words[$0].small })
    }

    /// The horizontal gap from the end of `a` to the start of `b` (negative when they overlap).
    static func gap(_ a: TextBox, _ b: TextBox) -> Double { Double(b.x - a.maxX) }

    /// Whether two boxes lie on one printed row: their heights overlap by at least half the
    /// smaller one (a small label and the larger value beside it share their baseline).
    static func sameRow(_ a: TextBox, _ b: TextBox) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        return Double(overlap) >= 0.5 * Double(max(1, min(a.height, b.height)))
    }

    /// The words right of word `index` on its row, left to right, up to the first wide gap or
    /// label; words that continue the label (`NO` after `DL`) are passed over.
    func right(of index: Int) -> [Int] {
        let start = words[index].box
        let row = words.indices.filter { $0 != index && Self.sameRow(start, words[$0].box) && Double(words[$0].box.center.x) > Double(start.maxX) - 0.25 * Double(start.height) }
            .sorted { words[$0].box.x < words[$1].box.x }
        var previous = start, taken: [Int] = []
        for candidate in row {
            let word = words[candidate]
            guard Self.gap(previous, word.box) <= Self.columnGap * Double(max(previous.height, word.box.height)) else { break }
            if taken.isEmpty, PrintedIDLabel.continues(word.text) {
                previous = word.box
                continue
            }
            guard word.label == nil else { break }
            taken.append(candidate)
            previous = word.box
        }
        return taken
    }

    /// The words directly below word `index`: on the nearest row under it (starting within 1.5
    /// of that row's heights), in its column (the first word overlaps the label's span and is
    /// nearer its left edge than to any other label on the label's row), left to right up to a
    /// wide gap, a label or the next label's column.
    func below(_ index: Int) -> [Int] {
        let label = words[index].box
        let rowLabels = words.indices.filter { $0 != index && words[$0].label != nil && Self.sameRow(label, words[$0].box) }
        let slack = Double(label.height)
        func owned(_ box: TextBox) -> Bool {
            let overlaps = Double(box.x) <= Double(label.maxX) + slack && Double(box.maxX) >= Double(label.x) - slack
            let distance = abs(box.x - label.x)
            return overlaps && !rowLabels.contains { abs(box.x - words[$0].box.x) < distance }
        }
        let under = words.indices.filter { candidate in
            let box = words[candidate].box
            let drop = Double(box.y - label.maxY)
            return !Self.sameRow(label, box) && Double(box.y) > label.center.y && Double(box.center.y) > Double(label.maxY)
                && drop <= Self.rowsBelow * Double(box.height) && owned(box)
        }
        guard let first = under.min(by: { words[$0].box.y < words[$1].box.y || (words[$0].box.y == words[$1].box.y && words[$0].box.x < words[$1].box.x) }),
              words[first].label == nil else { return [] }
        // The leftmost word of that row in the label's column starts the value.
        let start = under.filter { Self.sameRow(words[first].box, words[$0].box) }.min { words[$0].box.x < words[$1].box.x } ?? first
        guard words[start].label == nil else { return [] }
        let nextColumn = rowLabels.map { words[$0].box.x }.filter { $0 > label.x }.min()
        var taken = [start], previous = words[start].box
        let row = words.indices.filter { Self.sameRow(words[start].box, words[$0].box) && words[$0].box.x > words[start].box.x }
            .sorted { words[$0].box.x < words[$1].box.x }
        for candidate in row {
            let word = words[candidate]
            guard Self.gap(previous, word.box) <= Self.columnGap * Double(max(previous.height, word.box.height)), word.label == nil else { break }
            if let nextColumn, Double(word.box.x) >= Double(nextColumn) - 0.5 * slack { break }
            taken.append(candidate)
            previous = word.box
        }
        return taken
    }

    /// Words as one recognised line, to match their text and trace a match back to their boxes.
    func line(_ indices: [Int]) -> RecognizedLine {
        RecognizedLine(words: indices.map { RecognizedWord(text: words[$0].text, box: words[$0].box, confidence: words[$0].confidence) })
    }

    /// The box around a segment.
    func box(of segment: [Int]) -> TextBox {
        TextBox.union(of: segment.map { words[$0].box }) ?? TextBox(x: 0, y: 0, width: 0, height: 0)
    }

    /// The segment printed directly below `segment`: the nearest one starting within 1.5 of its
    /// heights under it, its left edge within two heights of `segment`'s (left-aligned lines of
    /// one block, as an address's).
    func segment(below segment: [Int]) -> [Int]? {
        let own = box(of: segment)
        let height = Double(segment.map { words[$0].box.height }.max() ?? 0)
        return segments.filter { other in
            let otherBox = self.box(of: other)
            return Double(otherBox.y) > own.center.y && Double(otherBox.y - own.maxY) <= Self.rowsBelow * height
                && Double(abs(otherBox.x - own.x)) <= 2 * height
        }.min { self.box(of: $0).y < self.box(of: $1).y }
    }

    /// The segment printed directly above `segment` (see ``segment(below:)``).
    func segment(above segment: [Int]) -> [Int]? {
        let own = box(of: segment)
        let height = Double(segment.map { words[$0].box.height }.max() ?? 0)
        return segments.filter { other in
            let otherBox = self.box(of: other)
            return Double(otherBox.maxY) < own.center.y && Double(own.y - otherBox.maxY) <= Self.rowsBelow * height
                && Double(abs(otherBox.x - own.x)) <= 2 * height
        }.max { self.box(of: $0).maxY < self.box(of: $1).maxY }
    }
}
