import PapersCore

/// What the MRZ reader read from an image.
///
/// A reading whose ``failedChecks`` is not empty, or that has ``uncertainPositions``, is not to
/// be trusted as is: the lines are what the recogniser saw, reported so a person can look, never
/// silently corrected into something else.
public struct MRZReading: Sendable, Hashable {
    /// One character position (1-based line and column, as in ``MRZCorrector/Change``).
    public struct Position: Sendable, Hashable, Codable {
        /// The 1-based line.
        public let line: Int
        /// The 1-based column.
        public let column: Int
    }

    /// The layout read.
    public let format: MRZFormat
    /// The lines as read (after check-digit repair).
    public let lines: [String]
    /// The recogniser's probability for each character, line by line (0…1).
    public let confidences: [[Double]]
    /// The check digits that do not hold: `idNumber`, `dob`, `expiryDate`, `personalNumber`, `composite`.
    public let failedChecks: [String]
    /// How many characters were changed from the likeliest reading to make a check digit hold.
    public let corrections: Int
    /// Characters no check digit protects (names, country codes, sex) read with low confidence.
    public let uncertainPositions: [Position]
    /// The document data parsed from the lines, when they parse.
    public let document: DocumentData?

    /// Characters the check digits cannot vouch for, among ``uncertainPositions``: a rival whose
    /// value differs by a multiple of 10 (`G` and `Q`) was likely, or read in a cell moved a
    /// little. Another view of the same MRZ reading the same character there is no surer of it.
    var checkBlind: [Position] = []

    /// Whether every check digit holds and no unprotected character is uncertain.
    public var isVerified: Bool { failedChecks.isEmpty && uncertainPositions.isEmpty && document != nil }

    /// The lowest character confidence.
    public var minimumConfidence: Double { confidences.joined().min() ?? 0 }
}
