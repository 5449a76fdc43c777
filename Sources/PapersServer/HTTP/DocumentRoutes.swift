import Foundation
import Hummingbird
import PapersImaging
import PapersImagingCodecs
import PapersVerification

/// `/v1/documents`: receipts and tax forms, one image or several pages, processed in the background.
struct DocumentRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<PapersRequestContext>) {
        group.post("documents", use: create)
        group.get("documents/:documentId", use: show)
        group.get("documents/:documentId/pdf", use: pdf)
        group.delete("documents/:documentId", use: delete)
    }

    @Sendable func create(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let kindText = request.uri.queryParameters.get("type") ?? "auto"
        guard let kind = DocumentKind(rawValue: kindText) else { throw Problem.invalid("type must be receipt, w2 or auto") }
        let callbackURL = request.uri.queryParameters.get("callbackUrl")
        if let callbackURL {
            do {
                try VerificationRequest.validateCallbackURL(callbackURL, allowingPrivate: services.configuration.allowPrivateCallbacks)
            } catch {
                throw Problem(error)
            }
        }
        let limit = services.configuration.maximumFrameBatchBytes
        let json = UploadReceiver.mediaType(request) == "application/json"
        // A repeated upload is replayed only for the same query and the same bytes.
        let fingerprint = Idempotency.fingerprint(request, digest: request.uri.query ?? "")
        let digestOfRepeat = {
            Idempotency.digest(try await UploadReceiver.collect(request, limit: json ? limit : services.configuration.maximumImageBytes))
        }
        let idempotency = Idempotency(database: services.database, reservationLifetime: services.configuration.idempotencyReservationLifetime)
        return try await idempotency.run(key: request.headers[.idempotencyKey], tenantID: tenant.id, fingerprint: fingerprint,
                                         streamedBodyDigest: digestOfRepeat) {
            let (id, body) = try await store(request, kind: kind, callbackURL: callbackURL, tenantID: tenant.id)
            var stored = try Idempotency.encode(.accepted, DocumentCreated(documentId: id, status: .processing))
            stored.streamedBody = body
            return stored
        }
    }

    /// Stores a new document's pages and row; returns its id and the request body it read.
    func store(_ request: Request, kind: DocumentKind, callbackURL: String?, tenantID: String) async throws -> (String, [UInt8]) {
        let id = UUID().uuidString.lowercased()
        let limit = services.configuration.maximumFrameBatchBytes
        var pageCount = 0
        var received: [UInt8] = []
        do {
            switch UploadReceiver.mediaType(request) {
            case "application/json":
                let body = try await UploadReceiver.collect(request, limit: limit)
                received = body
                let pages = try JSONDecoder().decode(DocumentPagesRequest.self, from: Data(body)).pages
                guard (1...50).contains(pages.count) else { throw Problem.invalid("a document has 1 to 50 pages") }
                for (index, text) in pages.enumerated() {
                    guard let data = Data(base64Encoded: text) else { throw Problem.invalid("page \(index) is not base64") }
                    let bytes = [UInt8](data)
                    try UploadReceiver.validateImage(bytes, declaredType: ImageContainer(sniffing: bytes) == .png ? "image/png" : "image/jpeg",
                                                     limits: services.configuration.decodingLimits)
                    try await services.images.write(bytes, owner: id, name: "page-\(index)")
                }
                pageCount = pages.count
            default:
                var writer = try services.images.writer(owner: id, name: "page-0")
                let image = try await UploadReceiver.receiveImage(request, limit: services.configuration.maximumImageBytes,
                                                                  decoding: services.configuration.decodingLimits, into: &writer,
                                                                  owner: id, name: "page-0")
                try await services.images.commit(image.staged)
                received = image.bytes
                pageCount = 1
            }
            try await services.database.insertDocument(id: id, tenantID: tenantID, kind: kind, pageCount: pageCount, callbackURL: callbackURL)
        } catch {
            try? await services.images.deleteAll(owner: id)
            throw error
        }
        services.metrics.increment("papers_documents_created_total", [("type", kind.rawValue)])
        return (id, received)
    }

    /// `GET /v1/documents/{documentId}[?wait=SECONDS]`: with `wait`, the answer comes when the
    /// status changes (or is final) or after that many seconds (at most 30).
    @Sendable func show(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let id = context.parameters.get("documentId")?.lowercased() ?? ""
        let record = try await services.longPoll(id, wait: request.uri.queryParameters.get("wait").map { String($0) }, state: \.status,
                                                 isFinal: { $0 != .processing }, load: { try await load(context) })
        return try JSONResponse.make(.ok, DocumentResource(record))
    }

    /// `GET /v1/documents/{documentId}/pdf`: the pages as one PDF in upload order. A JPEG page
    /// is embedded as it was uploaded; a PNG page is encoded as JPEG first. A deleted document
    /// has no pages: 404.
    @Sendable func pdf(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let record = try await load(context)
        guard record.status != .deleted else { throw Problem.notFound("pages") }
        let limits = services.configuration.decodingLimits
        var pages: [PDFWriter.Page] = []
        for index in 0..<record.pageCount {
            let bytes = [UInt8](try await services.images.read(owner: record.id, name: "page-\(index)"))
            pages.append(try PDFWriter.Page(bytes, limits: limits) {
                try ImageCodecs.encode(ImageCodecs.decode(bytes, limits: limits), forPath: "page.jpg")
            })
        }
        return BinaryResponse.make(PDFWriter.pdf(pages), contentType: "application/pdf")
    }

    @Sendable func delete(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let record = try await load(context)
        _ = try await services.eraseDocument(record.id, tenantID: tenant.id)
        services.metrics.increment("papers_documents_deleted_total", [("by", "request")])
        return try JSONResponse.make(.ok, DocumentResource(try await load(context)))
    }

    func load(_ context: PapersRequestContext) async throws -> DocumentRecord {
        let tenant = try context.requireTenant()
        guard let id = context.parameters.get("documentId"), id.count <= 64,
              let record = try await services.database.document(id.lowercased(), tenantID: tenant.id) else {
            throw Problem.notFound("document")
        }
        return record
    }
}
