import Foundation
import HTTPTypes
import Hummingbird
import PapersImaging
import PapersImagingCodecs

/// Streams an image upload to a sealed file with a size limit, then checks that it decodes.
struct UploadReceiver {
    static let imageTypes = ["image/jpeg", "image/png"]

    /// The media type without parameters, lower-cased.
    static func mediaType(_ request: Request) -> String? {
        request.headers[.contentType]?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The declared length, refused early when over `limit`.
    static func declaredLength(_ request: Request, limit: Int) throws -> Int? {
        guard let text = request.headers[.contentLength] else { return nil }
        guard let length = Int(text), length >= 0 else { throw Problem.invalid("Content-Length is not a number") }
        guard length <= limit else { throw tooLarge(limit) }
        return length
    }

    static func tooLarge(_ limit: Int) -> Problem {
        Problem(.contentTooLarge, code: "PAYLOAD_TOO_LARGE", detail: "the body is larger than \(limit) bytes")
    }

    /// Reads the whole body (at most `limit` bytes), checking it against Content-Length; `sink`
    /// sees each chunk as it arrives (an upload is sealed to disk while it streams).
    static func collect(_ request: Request, limit: Int, sink: (ArraySlice<UInt8>) throws -> Void = { _ in }) async throws -> [UInt8] {
        let declared = try declaredLength(request, limit: limit)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(declared ?? 0, limit))
        for try await buffer in request.body {
            guard bytes.count + buffer.readableBytes <= limit else { throw tooLarge(limit) }
            let start = bytes.count
            bytes.append(contentsOf: buffer.readableBytesView)
            try sink(bytes[start...])
        }
        if let declared, declared != bytes.count {
            throw Problem(.badRequest, code: "BODY_LENGTH_MISMATCH", detail: "the body has \(bytes.count) bytes but Content-Length says \(declared)")
        }
        return bytes
    }

    /// Receives an image into `writer` as it arrives; the writer is staged (see ``StagedImage``)
    /// only if the whole body arrived, matches its declared length and type, and decodes.
    static func receiveImage(_ request: Request, limit: Int, decoding limits: DecodingLimits, into writer: inout SealedFileWriter,
                             owner: String, name: String) async throws -> (contentType: String, bytes: [UInt8], staged: StagedImage) {
        do {
            guard let type = mediaType(request), imageTypes.contains(type) else {
                throw Problem(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", detail: "send the image as image/jpeg or image/png")
            }
            let bytes = try await collect(request, limit: limit) { chunk in try writer.append(chunk) }
            try validateImage(bytes, declaredType: type, limits: limits)
            return (type, bytes, try writer.stage(owner: owner, name: name))
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Refuses bytes that are not an image of the declared type: the signature, the claimed size
    /// and the structure up to the end marker are checked here, in microseconds (a truncated file,
    /// a lying header, a text file); the pixels are decoded by processing, which reports an image
    /// damaged inside its data as not readable.
    static func validateImage(_ bytes: [UInt8], declaredType: String, limits: DecodingLimits) throws {
        let expected: ImageContainer = declaredType == "image/png" ? .png : .jpeg
        guard ImageContainer(sniffing: bytes) == expected else {
            throw Problem(.unprocessableContent, code: "UNDECODABLE_IMAGE", detail: "the body is not a \(declaredType) image")
        }
        do {
            _ = try ImageStructure.check(bytes, limits: limits)
        } catch where error.code == .tooLarge {
            throw Problem(.unprocessableContent, code: "IMAGE_TOO_LARGE",
                          detail: "the image claims \(error.claimedWidth ?? 0)×\(error.claimedHeight ?? 0) pixels; at most \(limits.maximumPixels) pixels and \(limits.maximumDimension) per side are accepted")
        } catch {
            throw Problem(.unprocessableContent, code: "UNDECODABLE_IMAGE", detail: "the image cannot be decoded: \(error.description)")
        }
    }
}
