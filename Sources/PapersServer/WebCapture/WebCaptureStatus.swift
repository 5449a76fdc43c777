/// `GET /capture/api/status`: where the verification is; never document data.
struct WebCaptureStatus: Sendable, Encodable {
    /// The verification's state (`PENDING`, `PROCESSING`, `DONE`, `FAILED`).
    let status: String
    /// The decision, once processing is done.
    let decision: String?
    /// The parts stored so far (`front`, `back`, `face`).
    let images: [String]
}
