/// One photo of a batch scan that gave nothing: its name, a stable code and a one-line reason.
struct ScanFailure: Encodable {
    let file: String
    let error: String
    let reason: String
}
