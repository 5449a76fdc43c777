/// A recognised line as one string, with the UTF-16 range each word occupies in it, so that a
/// match in the text can be traced back to the words' boxes and confidences.
public struct TextLineView: Sendable, Hashable {
    /// The line.
    public let line: RecognizedLine
    /// The words joined by single spaces.
    public let text: String
    /// The UTF-16 range of each word in ``text``.
    public let wordRanges: [Range<Int>]

    /// Views a line.
    public init(_ line: RecognizedLine) {
        self.line = line
        var ranges: [Range<Int>] = []
        var offset = 0
        for word in line.words {
            let length = word.text.utf16.count
            ranges.append(offset..<(offset + length))
            offset += length + 1
        }
        wordRanges = ranges
        text = line.text
    }

    /// The indices of the words that overlap `range`.
    public func words(overlapping range: Range<Int>) -> [Int] {
        wordRanges.indices.filter { wordRanges[$0].overlaps(range) || (range.isEmpty && wordRanges[$0].contains(range.lowerBound)) }
    }

    /// The box around the words that overlap `range` (the whole line's when none does).
    public func box(for range: Range<Int>) -> TextBox {
        TextBox.union(of: words(overlapping: range).map { line.words[$0].box }) ?? line.box
    }

    /// The lowest confidence of the words that overlap `range` (the line's when none does).
    public func confidence(for range: Range<Int>) -> Double {
        words(overlapping: range).map { line.words[$0].confidence }.min() ?? line.confidence
    }

    /// The mean word confidence of the line.
    public var meanConfidence: Double {
        line.words.isEmpty ? 0 : line.words.map(\.confidence).reduce(0, +) / Double(line.words.count)
    }

    /// The text of `range`.
    public func substring(_ range: Range<Int>) -> String {
        let units = Array(text.utf16)
        let clamped = max(0, min(range.lowerBound, units.count))..<max(0, min(range.upperBound, units.count))
        return String(decoding: units[clamped], as: UTF16.self)
    }
}
