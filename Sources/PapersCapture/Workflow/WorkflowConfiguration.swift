import PapersCore

/// What a ``VerificationWorkflow`` is set up with.
public struct WorkflowConfiguration: Sendable, Hashable {
    /// The catalogue of countries and documents.
    public var catalogue = DocumentCatalogue.standard
    /// The country, when preselected (skips the choice together with a single type).
    public var preselectedCountry: String?
    /// The document types allowed, when preselected.
    public var preselectedTypes: [DocumentType]?
    /// The variant, when preselected.
    public var preselectedVariant: String?
    /// Whether a face is captured after the document (identity verification).
    public var faceCapture = false
    /// Whether the face is taken with liveness rather than a still.
    public var liveness = false
    /// The consent URL, when the user's consent is legally required.
    public var consentURL: String?
    /// Whether each scanned part is analysed before the user confirms it (confirmation
    /// `analyzing`, then `analyzingResponsePass` or `analyzingResponseReject`).
    public var analyseBeforeConfirming = false
    /// The language of help texts and messages (``Localization/supportedLanguages``).
    public var language = "en"
    /// How long the session may last before it ends with `J`.
    public var sessionLifetime: Duration = .seconds(15 * 60)

    /// Creates the default configuration.
    public init() {}
}
