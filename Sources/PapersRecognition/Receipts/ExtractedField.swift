/// A value read from a document, how sure the reading is, and where it was printed.
public struct ExtractedField<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public var value: Value
    /// How sure the extraction is, 0 to 1: the recogniser's confidence in the words it came from,
    /// lowered when the reading needed a guess between alternatives, raised when a consistency
    /// check (totals that add up) confirms it.
    public var confidence: Double
    /// Where the value was printed, in the pixels of the recognised image (`nil` when it was
    /// derived rather than read, e.g. a currency inferred from amounts all over the page).
    public var box: TextBox?

    /// Creates a field.
    public init(value: Value, confidence: Double, box: TextBox?) {
        self.value = value
        self.confidence = min(1, max(0, confidence))
        self.box = box
    }

    /// The same reading with another value.
    public func map<Other>(_ transform: (Value) -> Other) -> ExtractedField<Other> {
        ExtractedField<Other>(value: transform(value), confidence: confidence, box: box)
    }
}
