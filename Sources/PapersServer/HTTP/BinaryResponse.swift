import Hummingbird

/// Responses whose body is stored bytes (an image, a PDF) rather than JSON: the same length and
/// caching headers as ``JSONResponse``, with the bytes' own content type.
enum BinaryResponse {
    /// A 200 with `bytes` as the body, typed `contentType`; never cached (it holds document data).
    static func make(_ bytes: some Collection<UInt8>, contentType: String) -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = contentType
        headers[.contentLength] = String(bytes.count)
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
