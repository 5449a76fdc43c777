/// The answer to a frame or photo sent by the capture page.
struct WebCaptureVerdict: Sendable, Encodable {
    /// What the user should do, most important first (``CaptureGuidance`` raw values).
    let guidance: [String]
    /// The capture session's state (`searching`, `steadying`, `captured`).
    let state: String
    /// Whether the part is captured and waits for confirmation.
    let captured: Bool
    /// Whether the frame looked blurred (Jumio's `shouldDisplayBlurHint`).
    let blurHint: Bool

    /// The answer for a part captured already, waiting for confirmation.
    static let captured = WebCaptureVerdict(guidance: [], state: "captured", captured: true, blurHint: false)
}
