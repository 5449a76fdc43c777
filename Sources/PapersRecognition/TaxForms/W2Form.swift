import Foundation

/// What was read from a Form W-2. A box that was not found or is empty is absent, never guessed.
public struct W2Form: Sendable, Hashable {
    /// One entry of box 14 ("Other"): a description and an amount.
    public struct OtherEntry: Sendable, Hashable {
        /// What the amount is (e.g. `NY SDI`).
        public var description: String
        /// The amount, when one was printed.
        public var amount: Decimal?
        /// How sure the reading is, 0 to 1.
        public var confidence: Double
        /// Where it was printed.
        public var box: TextBox

        /// Creates an entry.
        public init(description: String, amount: Decimal?, confidence: Double, box: TextBox) {
            self.description = description
            self.amount = amount
            self.confidence = confidence
            self.box = box
        }
    }

    /// The single-value boxes read.
    public var boxes: [W2Box: ExtractedField<W2Value>]
    /// Box 13's checkboxes: statutory employee (a), retirement plan (b), third-party sick pay (c);
    /// `nil` when the box's labels were not found.
    public var box13: (statutoryEmployee: Bool, retirementPlan: Bool, thirdPartySickPay: Bool)? {
        get { box13Flags.map { ($0[0], $0[1], $0[2]) } }
        set { box13Flags = newValue.map { [$0.statutoryEmployee, $0.retirementPlan, $0.thirdPartySickPay] } }
    }
    /// Box 14's entries.
    public var other: [OtherEntry]
    /// Boxes 15 to 20, one row per state.
    public var states: [W2StateRow]
    private var box13Flags: [Bool]?

    /// Creates a form.
    public init(boxes: [W2Box: ExtractedField<W2Value>] = [:], other: [OtherEntry] = [], states: [W2StateRow] = []) {
        self.boxes = boxes
        self.other = other
        self.states = states
    }

    /// The text of a box.
    public func text(_ box: W2Box) -> String? { boxes[box]?.value.text }
    /// The amount of a box.
    public func amount(_ box: W2Box) -> Decimal? { boxes[box]?.value.amount }

    /// Whether anything was read.
    public var hasContent: Bool { !boxes.isEmpty || !states.isEmpty }

    /// The mean confidence of the boxes read (0 when none was).
    public var confidence: Double {
        let values = boxes.values.map(\.confidence)
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
