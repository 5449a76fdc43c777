import Foundation
import Hummingbird

/// JSON responses with the encoding every route shares.
enum JSONResponse {
    /// The encoding of every JSON body the server writes (responses, stored replies, callbacks).
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func make(_ status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:]) throws -> Response {
        make(status, data: try encoder.encode(value), headers: headers)
    }

    static func make(_ status: HTTPResponse.Status, data: Data, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.contentLength] = String(data.count)
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
