/// One line of words, left to right, as a ``TextRecognizer`` found it.
public struct RecognizedLine: Sendable, Hashable, Codable {
    /// The words, left to right.
    public var words: [RecognizedWord]
    /// The index of the text block the line belongs to (a column or paragraph of the page).
    public var block: Int

    /// Creates a line.
    public init(words: [RecognizedWord], block: Int = 0) {
        self.words = words
        self.block = block
    }

    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }

    /// The box around every word (an empty box at the origin for a line without words).
    public var box: TextBox { TextBox.union(of: words.map(\.box)) ?? TextBox(x: 0, y: 0, width: 0, height: 0) }

    /// The lowest word confidence, 0 to 1 (0 for a line without words): a line is as sure as its
    /// least sure word.
    public var confidence: Double { words.map(\.confidence).min() ?? 0 }
}
