/// One word read by a ``TextRecognizer``.
public struct RecognizedWord: Sendable, Hashable, Codable {
    /// The word's text.
    public var text: String
    /// Where it lies in the recognised image.
    public var box: TextBox
    /// How sure the recogniser is, 0 to 1.
    public var confidence: Double

    /// Creates a word.
    public init(text: String, box: TextBox, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = min(1, max(0, confidence))
    }
}
