import PapersCapture

/// `GET /capture/api/session`: what the page needs to walk the workflow.
struct WebCaptureSessionBody: Sendable, Encodable {
    /// The page's language (`en`, `vi`); `GET /capture/api/texts/{language}` has its texts.
    let language: String
    /// The languages the page can switch to.
    let languages: [String]
    /// The countries and documents offered, each with its parts and scan modes.
    let countries: [DocumentCatalogue.Country]
    /// Whether a selfie is asked for after the document.
    let face: Bool
    /// The verification's state.
    let status: String
    /// Whether the server draws the link as a QR code for a hand-over to a phone.
    let handoff: Bool
}
