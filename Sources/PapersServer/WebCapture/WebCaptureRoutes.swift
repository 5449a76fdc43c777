import Foundation
import Hummingbird
import PapersCapture
import PapersCore
import PapersImaging
import PapersImagingCodecs
import PapersRecognition
import PapersVerification

/// The web capture flow: the page (`/capture`, its script and style) and the API it calls
/// (`/capture/api/...`), authorised by the capture link's token alone (`Authorization: Bearer`),
/// which grants the capture of one verification and nothing else.
///
/// The page sends camera frames to `frames/{part}`; the same ``CaptureSession`` a native app
/// runs answers with guidance and captures by itself. A capture (or a photo taken by hand or
/// chosen from a file) waits for the user's confirmation before it is stored. `finish` starts
/// processing, after which the link opens nothing but its outcome page.
struct WebCaptureRoutes {
    let services: ServerServices

    /// The largest frame or photo accepted from the page.
    static let maximumFrameBytes = 4 * 1024 * 1024

    func register(on router: Router<PapersRequestContext>) {
        router.get("capture", use: page)
        router.get("capture/app.js", use: script)
        router.get("capture/style.css", use: style)
        let api = router.group("capture/api")
        api.get("texts/:language", use: texts)
        api.get("session", use: session)
        api.post("frames/:part", use: frame)
        api.post("photo/:part", use: photo)
        api.get("pending/:part", use: pending)
        api.post("confirm/:part", use: confirm)
        api.post("retake/:part", use: retake)
        api.post("finish", use: finish)
        api.get("status", use: status)
        api.get("link.svg", use: linkCode)
    }

    // MARK: The page

    @Sendable func page(_ request: Request, context: PapersRequestContext) async throws -> Response {
        try Self.asset("index.html", type: "text/html; charset=utf-8")
    }

    @Sendable func script(_ request: Request, context: PapersRequestContext) async throws -> Response {
        try Self.asset("app.js", type: "text/javascript; charset=utf-8")
    }

    @Sendable func style(_ request: Request, context: PapersRequestContext) async throws -> Response {
        try Self.asset("style.css", type: "text/css; charset=utf-8")
    }

    /// The page's files, read once: shipped with the server, no build step, nothing from elsewhere.
    static let assets: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for name in ["index.html", "app.js", "style.css"] {
            let url = ShippedResource.url(
                target: "PapersServer", path: "Resources/web/\(name)",
                // This file is in Sources/PapersServer/WebCapture/.
                sources: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            ) {
                Bundle.module.url(forResource: (name as NSString).deletingPathExtension, withExtension: (name as NSString).pathExtension,
                                  subdirectory: "Resources/web")
            }
            if let url, let data = try? Data(contentsOf: url) { files[name] = [UInt8](data) }
        }
        return files
    }()

    /// The policy every page response carries: scripts and styles from this server only, no
    /// inline script, no framing, camera for this origin only.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
            + "media-src 'self' blob: mediastream:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
        .permissionsPolicy: "camera=(self), microphone=()",
        .cacheControl: "no-store",
    ]

    static func asset(_ name: String, type: String) throws -> Response {
        guard let bytes = assets[name] else { throw Problem.internalError }
        var headers = securityHeaders
        headers[.contentType] = type
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    // MARK: The API

    /// What the page needs to walk the workflow: the link's language, the documents
    /// and parts it may capture, whether a selfie is asked for.
    @Sendable func session(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (_, record) = try await authorize(request, needsPending: true)
        let language = record.request?.language ?? "en"
        let countries = WebCapturePlan.countries(for: record.request)
        let body = WebCaptureSessionBody(
            language: Localization.supportedLanguages.contains(language) ? language : "en", languages: Localization.supportedLanguages,
            countries: countries, face: record.request?.enableIdentityVerification ?? false,
            status: record.state.rawValue, handoff: services.linkCodeWriter != nil)
        return try JSONResponse.make(.ok, body)
    }

    /// Every text of the page in a language: public, so that a page whose link fails can still say why.
    @Sendable func texts(_ request: Request, context: PapersRequestContext) async throws -> Response {
        guard let language = context.parameters.get("language"), Localization.supportedLanguages.contains(language) else {
            throw Problem.notFound("language")
        }
        let texts = try Localization(language: language)
        return try JSONResponse.make(.ok, texts.table)
    }

    /// One camera frame of a part: the capture session's verdict.
    @Sendable func frame(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, _) = try await authorize(request, needsPending: true)
        let part = try Self.part(context)
        let (bytes, type) = try await receiveImage(request)
        let image: Image
        do {
            image = try SniffingImageDecoder().decode(bytes, limits: services.configuration.decodingLimits)
        } catch {
            throw Problem(.unprocessableContent, code: "UNDECODABLE_IMAGE", detail: "the frame cannot be decoded")
        }
        let verdict = await services.webCaptures.process(image, bytes: bytes, contentType: type, scanReference: claims.scanReference, part: part)
        guard let verdict else {
            return try JSONResponse.make(.ok, WebCaptureVerdict.captured)
        }
        services.metrics.increment("papers_web_capture_frames_total")
        return try JSONResponse.make(.ok, WebCaptureVerdict(guidance: verdict.guidance.map(\.rawValue), state: verdict.state.rawValue,
                                                            captured: verdict.state == .captured, blurHint: verdict.blurHint))
    }

    /// A photo of a part taken by hand or chosen from a file: pending confirmation.
    @Sendable func photo(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, _) = try await authorize(request, needsPending: true)
        let part = try Self.part(context)
        let (bytes, type) = try await receiveImage(request)
        await services.webCaptures.setPending(bytes, contentType: type, scanReference: claims.scanReference, part: part)
        return try JSONResponse.make(.ok, WebCaptureVerdict.captured)
    }

    /// The image of a part awaiting confirmation, for the page to show.
    @Sendable func pending(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, _) = try await authorize(request, needsPending: true)
        let part = try Self.part(context)
        guard let image = await services.webCaptures.pending(scanReference: claims.scanReference, part: part) else {
            throw Problem.notFound("capture")
        }
        var headers: HTTPFields = [:]
        headers[.contentType] = image.contentType
        headers[.contentLength] = String(image.bytes.count)
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// Stores the pending image of a part as the verification's image of that side.
    @Sendable func confirm(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, record) = try await authorize(request, needsPending: true)
        let part = try Self.part(context)
        guard let image = await services.webCaptures.pending(scanReference: claims.scanReference, part: part) else {
            throw Problem.conflict("nothing was captured for \(part)")
        }
        var writer = try services.images.writer(owner: record.id, name: part)
        let staged: StagedImage
        do {
            try writer.append(image.bytes)
            staged = try writer.stage(owner: record.id, name: part)
        } catch {
            writer.abandon()
            throw error
        }
        defer { staged.discard() }
        let placement = try await services.database.placeImage(staged, contentType: image.contentType, byteCount: image.bytes.count, cropped: false)
        guard case .placed = placement else { throw Problem.conflict("the verification no longer takes images") }
        await services.webCaptures.reset(scanReference: claims.scanReference, part: part)
        services.metrics.increment("papers_images_stored_total", [("side", part)])
        return try JSONResponse.make(.ok, WebCaptureStep(status: record.state.rawValue, part: part))
    }

    /// Drops the pending image of a part and starts its capture again.
    @Sendable func retake(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, record) = try await authorize(request, needsPending: true)
        let part = try Self.part(context)
        await services.webCaptures.reset(scanReference: claims.scanReference, part: part)
        return try JSONResponse.make(.ok, WebCaptureStep(status: record.state.rawValue, part: part))
    }

    /// Starts processing: the link's capture is over.
    @Sendable func finish(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, record) = try await authorize(request, needsPending: true)
        guard record.images.contains("front") else { throw Problem.conflict("the front of the document is not captured yet") }
        guard let before = try await services.database.finalizeVerification(record.id, tenantID: claims.tenantID, validBatchIds: nil) else {
            throw Problem.notFound("verification")
        }
        guard before == .pending else { throw Self.used }
        services.waiters.notify(record.id)
        await services.webCaptures.forget(scanReference: record.id)
        return try JSONResponse.make(.accepted, WebCaptureStep(status: VerificationState.processing.rawValue, part: nil))
    }

    /// Where the verification is, and the decision once there is one: no document data.
    /// `?wait=SECONDS` answers when processing ends (see the verification's long poll).
    @Sendable func status(_ request: Request, context: PapersRequestContext) async throws -> Response {
        let (claims, _) = try await authorize(request, needsPending: false)
        let record = try await services.longPoll(claims.scanReference, wait: request.uri.queryParameters.get("wait").map { String($0) }, state: \VerificationRecord.state,
                                                 isFinal: { $0 != .processing }, load: {
            guard let record = try await services.database.verification(claims.scanReference, tenantID: claims.tenantID) else {
                throw Self.invalidLink
            }
            return record
        })
        return try JSONResponse.make(.ok, WebCaptureStatus(status: record.state.rawValue, decision: record.decision?.rawValue,
                                                           images: record.images.sorted()))
    }

    /// The link as a QR code (SVG), for a desktop page to hand the capture over to a phone.
    @Sendable func linkCode(_ request: Request, context: PapersRequestContext) async throws -> Response {
        _ = try await authorize(request, needsPending: true)
        guard let writer = services.linkCodeWriter, let token = Self.token(request) else { throw Problem.notFound("link code") }
        let symbol = try writer.image(encoding: Array(services.captureURL(token: token, requestHost: request.head.authority).utf8), as: .qrCode)
        let svg = Array(QRCodeSVG.render(symbol).utf8)
        var headers: HTTPFields = [:]
        headers[.contentType] = "image/svg+xml"
        headers[.contentLength] = String(svg.count)
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: svg)))
    }

    // MARK: Helpers

    static let used = Problem(.gone, code: "LINK_USED", detail: "this capture link has been used")
    static let invalidLink = Problem(.unauthorized, code: "LINK_INVALID", detail: "the capture link is not valid")

    static func token(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
    }

    /// The link's claims and its verification; refuses a missing, forged or expired token, a
    /// link over its rate, and (with `needsPending`) a verification no longer taking captures.
    func authorize(_ request: Request, needsPending: Bool) async throws -> (CaptureLinkClaims, VerificationRecord) {
        guard let token = Self.token(request) else { throw Self.invalidLink }
        let claims: CaptureLinkClaims
        do {
            claims = try services.captureLinks.claims(of: token, as: CaptureLinkClaims.self)
        } catch .expired {
            throw Problem(.gone, code: "LINK_EXPIRED", detail: "this capture link has expired")
        } catch {
            throw Self.invalidLink
        }
        if let wait = services.captureLimiter.take(claims.scanReference) { throw Problem.rateLimited(wait: wait) }
        guard let record = try await services.database.verification(claims.scanReference, tenantID: claims.tenantID),
              record.request?.webCapture == true else { throw Self.invalidLink }
        if needsPending, record.state != .pending { throw Self.used }
        return (claims, record)
    }

    /// The `{part}` of a route: a side an image is stored under.
    static func part(_ context: PapersRequestContext) throws -> String {
        guard let part = context.parameters.get("part").flatMap(ImageSide.init(rawValue:)) else {
            throw Problem.invalid("part must be front, back or face")
        }
        return part.rawValue
    }

    /// The body: a JPEG or PNG of at most ``maximumFrameBytes``, checked before anything keeps it.
    func receiveImage(_ request: Request) async throws -> ([UInt8], String) {
        guard let type = UploadReceiver.mediaType(request), ["image/jpeg", "image/png"].contains(type) else {
            throw Problem(.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE", detail: "send the image as image/jpeg or image/png")
        }
        _ = try UploadReceiver.declaredLength(request, limit: Self.maximumFrameBytes)
        let bytes = try await UploadReceiver.collect(request, limit: Self.maximumFrameBytes)
        try UploadReceiver.validateImage(bytes, declaredType: type, limits: services.configuration.decodingLimits)
        return (bytes, type)
    }
}
