/// The text of one page: its lines top to bottom, each with its words, boxes and confidences.
public struct RecognizedText: Sendable, Hashable, Codable {
    /// Width of the recognised image in pixels.
    public var width: Int
    /// Height of the recognised image in pixels.
    public var height: Int
    /// The lines, in reading order.
    public var lines: [RecognizedLine]

    /// Creates a page of text.
    public init(width: Int, height: Int, lines: [RecognizedLine]) {
        self.width = width
        self.height = height
        self.lines = lines
    }

    /// Every word, in reading order.
    public var words: [RecognizedWord] { lines.flatMap(\.words) }

    /// The lines' text, one per line.
    public var text: String { lines.map(\.text).joined(separator: "\n") }

    /// The mean word confidence, 0 to 1 (0 without words).
    public var meanConfidence: Double {
        let words = words
        return words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
    }

    /// The page with every box multiplied by `factor` and the size set to `width` × `height`
    /// (to report boxes in the pixels of the image the caller gave, after recognising a resized copy).
    public func scaled(by factor: Double, width: Int, height: Int) -> RecognizedText {
        RecognizedText(width: width, height: height, lines: lines.map { line in
            RecognizedLine(words: line.words.map { RecognizedWord(text: $0.text, box: $0.box.scaled(by: factor), confidence: $0.confidence) },
                           block: line.block)
        })
    }
}
