/// The weak signs that a page of text is an identity document's front, each of which a receipt or
/// a letter may show alone: ``PrintedIDFields/looksLikeIDFront`` asks for two.
public struct PrintedIDEvidence: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    /// Creates a set of signs.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A card title: `DRIVER LICENSE`, `DRIVER'S LICENCE`, `IDENTIFICATION CARD`, `ID CARD`, `PERMIS`.
    public static let title = PrintedIDEvidence(rawValue: 1 << 0)
    /// The name of a US state, territory or Canadian province (AAMVA's jurisdictions).
    public static let jurisdiction = PrintedIDEvidence(rawValue: 1 << 1)
    /// Two different dates or more.
    public static let dates = PrintedIDEvidence(rawValue: 1 << 2)
    /// Three different field labels or more (`DOB`, `EXP`, `ISS`, `DL`, `SEX`, `HGT`, `EYES`,
    /// `CLASS`…).
    public static let labels = PrintedIDEvidence(rawValue: 1 << 3)

    /// How many signs the set holds.
    public var count: Int { rawValue.nonzeroBitCount }
}
