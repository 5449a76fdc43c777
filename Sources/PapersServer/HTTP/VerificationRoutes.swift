import Foundation
import Hummingbird
import PapersImaging
import PapersImagingCodecs
import PapersVerification

/// `/v1/verifications`: create, upload images and frames, finalize, read, list, delete.
struct VerificationRoutes {
    let services: ServerServices

    func register(on group: RouterGroup<PapersRequestContext>) {
        group.post("verifications", use: create)
        group.get("verifications", use: list)
        group.get("verifications/:scanReference", use: show)
        group.delete("verifications/:scanReference", use: delete)
        group.put("verifications/:scanReference/images/:side", use: putImage)
        group.get("verifications/:scanReference/images/:side", use: getImage)
        group.post("verifications/:scanReference/frames", use: postFrames)
        group.post("verifications/:scanReference/finalize", use: finalize)
    }

    var idempotency: Idempotency {
        Idempotency(database: services.database, reservationLifetime: services.configuration.idempotencyReservationLifetime)
    }

    @Sendable func create(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let body = try await UploadReceiver.collect(request, limit: context.maxUploadSize)
        let payload: VerificationRequest
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            payload = VerificationRequest()
        } else {
            guard UploadReceiver.mediaType(request) == "application/json" else {
                throw Problem(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", detail: "send the request as application/json")
            }
            payload = try JSONDecoder().decode(VerificationRequest.self, from: Data(body))
        }
        try payload.validateForAPI(allowingPrivateCallbacks: services.configuration.allowPrivateCallbacks)
        return try await idempotency.run(key: request.headers[.idempotencyKey], tenantID: tenant.id, fingerprint: Idempotency.fingerprint(request, body: body)) {
            let record = try await services.database.insertVerification(tenantID: tenant.id, request: payload)
            services.metrics.increment("papers_verifications_created_total")
            var captureURL: String?
            if payload.webCapture == true {
                let claims = CaptureLinkClaims(scanReference: record.id, tenantID: tenant.id,
                                               expiresAt: Int(Date().timeIntervalSince1970 + services.configuration.captureLinkLifetime),
                                               nonce: UUID().uuidString.lowercased())
                captureURL = services.captureURL(token: try services.captureLinks.token(for: claims), requestHost: request.head.authority)
            }
            return try Idempotency.encode(.created, VerificationCreated(scanReference: record.id, status: record.state, captureUrl: captureURL))
        }
    }

    /// `GET /v1/verifications/{scanReference}[?wait=SECONDS]`: with `wait`, a verification being
    /// processed is answered when processing ends or after that many seconds (at most 30); one in
    /// any other state, which only its client changes, at once.
    @Sendable func show(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let id = try scanReference(context)
        let record = try await services.longPoll(id, wait: request.uri.queryParameters.get("wait").map { String($0) }, state: \.state,
                                                 isFinal: { $0 != .processing }, load: { try await load(context) })
        return try JSONResponse.make(.ok, VerificationResource(record))
    }

    @Sendable func list(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let limitText = request.uri.queryParameters.get("limit")
        let limit = limitText.map { Int($0) } ?? 20
        guard let limit, (1...100).contains(limit) else { throw Problem.invalid("limit must be a number from 1 to 100") }
        let cursor = request.uri.queryParameters.get("starting_after").flatMap { $0.isEmpty ? nil : $0 }
        let page = try await services.database.listVerifications(tenantID: tenant.id, limit: limit, startingAfter: cursor)
        return try JSONResponse.make(.ok, VerificationList(data: page.items, hasMore: page.hasMore, nextCursor: page.hasMore ? page.items.last?.scanReference : nil))
    }

    @Sendable func delete(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let id = try scanReference(context)
        guard try await services.eraseVerification(id, tenantID: tenant.id) else {
            throw Problem.notFound("verification")
        }
        services.metrics.increment("papers_verifications_deleted_total", [("by", "request")])
        return try await show(request, context: context)
    }

    @Sendable func putImage(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let side = try Self.side(context)
        let record = try await load(context)
        guard record.state == .pending else { throw Problem.conflict("images can be added only before finalize (the verification is \(record.state.rawValue))") }
        let limit = services.configuration.maximumImageBytes
        _ = try UploadReceiver.declaredLength(request, limit: limit)
        // A repeated upload is replayed only for the same image: its bytes are read and hashed.
        let digestOfRepeat = { Idempotency.digest(try await UploadReceiver.collect(request, limit: limit)) }
        return try await idempotency.run(key: request.headers[.idempotencyKey], tenantID: tenant.id, fingerprint: Idempotency.fingerprint(request),
                                         streamedBodyDigest: digestOfRepeat) {
            var writer = try services.images.writer(owner: record.id, name: side.rawValue)
            let received = try await UploadReceiver.receiveImage(request, limit: limit, decoding: services.configuration.decodingLimits, into: &writer,
                                                                 owner: record.id, name: side.rawValue)
            defer { received.staged.discard() }
            // `?cropped=true`: the image is the document alone (AuthenticID's AutoCrop).
            let cropped = request.uri.queryParameters.get("cropped").map { $0 == "true" || $0 == "1" } ?? false
            try check(try await services.database.placeImage(received.staged, contentType: received.contentType, byteCount: received.bytes.count,
                                                             cropped: cropped),
                           what: "images")
            services.metrics.increment("papers_images_stored_total", [("side", side.rawValue)])
            var stored = try Idempotency.encode(.created, ImageStored(scanReference: record.id, side: side, contentType: received.contentType,
                                                                      byteCount: received.bytes.count))
            stored.streamedBody = received.bytes
            return stored
        }
    }

    @Sendable func getImage(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let side = try Self.side(context)
        let record = try await load(context)
        guard record.images.contains(side.rawValue), let type = try await services.database.imageContentType(owner: record.id, name: side.rawValue) else {
            throw Problem.notFound("image")
        }
        return BinaryResponse.make(try await services.images.read(owner: record.id, name: side.rawValue), contentType: type)
    }

    @Sendable func postFrames(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let record = try await load(context)
        guard record.state == .pending else { throw Problem.conflict("frames can be added only before finalize") }
        let quota = services.configuration.maximumFrameBatches
        guard try await services.database.frameBatchCount(verificationID: record.id) < quota else { throw Problem.frameQuotaExceeded(quota) }
        guard UploadReceiver.mediaType(request) == "application/json" else {
            throw Problem(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", detail: "send frames as application/json {\"frames\": [{\"image\": base64}]}")
        }
        let body = try await UploadReceiver.collect(request, limit: services.configuration.maximumFrameBatchBytes)
        let batch = try JSONDecoder().decode(FrameBatchRequest.self, from: Data(body))
        guard (1...60).contains(batch.frames.count) else { throw Problem.invalid("a batch holds 1 to 60 frames") }
        guard (batch.label?.count ?? 0) <= 100 else { throw Problem.invalid("label is longer than 100 characters") }
        // A liveness challenge token is longer than other metadata values.
        guard (batch.metadata?.count ?? 0) <= 20,
              batch.metadata?.allSatisfy({ $0.key.count <= 200 && $0.value.count <= ($0.key == "challenge" ? 1024 : 200) }) ?? true else {
            throw Problem.invalid("metadata holds at most 20 entries of at most 200 characters (a challenge: 1024)")
        }
        // Frames answering a liveness challenge must carry one issued for this verification, in time.
        if batch.label == LivenessRoutes.label {
            _ = try LivenessRoutes.claims(ofBatch: batch.metadata, verificationID: record.id, tenantID: tenant.id, signer: services.livenessChallenges)
        }
        var images: [[UInt8]] = []
        for (index, frame) in batch.frames.enumerated() {
            guard let data = Data(base64Encoded: frame.image) else { throw Problem.invalid("frame \(index) is not base64") }
            let bytes = [UInt8](data)
            let type = ImageContainer(sniffing: bytes) == .png ? "image/png" : "image/jpeg"
            try UploadReceiver.validateImage(bytes, declaredType: type, limits: services.configuration.decodingLimits)
            images.append(bytes)
        }
        return try await idempotency.run(key: request.headers[.idempotencyKey], tenantID: tenant.id, fingerprint: Idempotency.fingerprint(request, body: body)) {
            let batchID = UUID().uuidString.lowercased()
            var staged: [StagedImage] = []
            defer { staged.forEach { $0.discard() } }
            for (index, bytes) in images.enumerated() {
                let name = "frames-\(batchID)-\(index)"
                var writer = try services.images.writer(owner: record.id, name: name)
                do {
                    try writer.append(bytes)
                    staged.append(try writer.stage(owner: record.id, name: name))
                } catch {
                    writer.abandon()
                    throw error
                }
            }
            // The metadata and capture times may say something about the person: sealed.
            let details = FrameBatchDetails(metadata: batch.metadata, capturedAt: batch.frames.map(\.capturedAt))
            let sealed = try services.sealer.sealJSON(details, context: StoredFrameBatch.detailsContext(batchID))
            try check(try await services.database.placeFrameBatch(id: batchID, verificationID: record.id, frames: staged, quota: quota,
                                                                   label: batch.label, sealedDetails: sealed),
                           what: "frames")
            services.metrics.increment("papers_frames_stored_total", by: images.count)
            return try Idempotency.encode(.created, FrameBatchStored(batchId: batchID, scanReference: record.id, frameCount: images.count))
        }
    }

    @Sendable func finalize(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let tenant = try context.requireTenant()
        let id = try scanReference(context)
        var validBatchIds: [String]?
        if UploadReceiver.mediaType(request) == "application/json" {
            let body = try await UploadReceiver.collect(request, limit: 64 * 1024)
            if !body.isEmpty { validBatchIds = try JSONDecoder().decode(FinalizeRequest.self, from: Data(body)).validBatchIds?.map { $0.lowercased() } }
        }
        guard let before = try await services.database.finalizeVerification(id, tenantID: tenant.id, validBatchIds: validBatchIds) else {
            throw Problem.notFound("verification")
        }
        switch before {
        case .pending, .processing:
            services.waiters.notify(id)
            return try JSONResponse.make(.accepted, VerificationCreated(scanReference: id, status: .processing))
        case .done, .failed, .deleted:
            throw Problem.conflict("the verification is already \(before.rawValue)")
        }
    }

    /// Turns an upload the database did not place into its answer: 409 when the verification was
    /// finalized or deleted while the upload arrived, or holds its quota of frame batches.
    func check(_ placement: UploadPlacement, what: String) throws {
        switch placement {
        case .placed:
            return
        case .notPending(let state?):
            throw Problem.conflict("\(what) can be added only before finalize (the verification is \(state.rawValue))")
        case .notPending(nil):
            throw Problem.notFound("verification")
        case .quotaExceeded:
            throw Problem.frameQuotaExceeded(services.configuration.maximumFrameBatches)
        }
    }

    /// The `{side}` of an image route.
    static func side(_ context: PapersRequestContext) throws -> ImageSide {
        guard let side = context.parameters.get("side").flatMap(ImageSide.init(rawValue:)) else {
            throw Problem.invalid("side must be front, back or face")
        }
        return side
    }

    func scanReference(_ context: PapersRequestContext) throws -> String {
        guard let id = context.parameters.get("scanReference"), id.count <= 64 else { throw Problem.notFound("verification") }
        return id.lowercased()
    }

    func load(_ context: PapersRequestContext) async throws -> VerificationRecord {
        let tenant = try context.requireTenant()
        guard let record = try await services.database.verification(try scanReference(context), tenantID: tenant.id) else {
            throw Problem.notFound("verification")
        }
        return record
    }
}
