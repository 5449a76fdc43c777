/// The answer to confirm, retake and finish on the capture page.
struct WebCaptureStep: Sendable, Encodable {
    /// The verification's state.
    let status: String
    /// The part concerned, when one is.
    let part: String?
}
