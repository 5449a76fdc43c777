import AsyncHTTPClient
import Foundation
import PapersCore
import PapersImaging
import PapersRecognition
import PapersVerification

/// The SDK's entry point: queues captured documents durably, sends them with retries, learns
/// how the server processed them, and reports every step to observers and to ``statuses``.
///
/// ```swift
/// let client = try PapersClient(configuration: configuration, queue: UploadQueue(path: queuePath))
/// client.observers.register(self, key: "receipts")
/// try await client.submit(files: [front, back], kind: "id")
/// let summary = await client.drain(for: .seconds(60))
/// ```
///
/// Every request carries an `Idempotency-Key` made of the item's `sourceId` and its step, so no
/// retry, crash or second run creates a second verification, image or document at the server.
public actor PapersClient {
    /// The configuration it was created with (validated).
    public let configuration: ClientConfiguration
    /// The durable queue.
    public let queue: UploadQueue
    /// The observers, by key.
    public nonisolated let observers = ObserverRegistry()
    /// Every status, as an asynchronous sequence (for as long as the client lives).
    public nonisolated let statuses: AsyncStream<UploadStatus>
    private let continuation: AsyncStream<UploadStatus>.Continuation
    /// Veryfi Lens's events for each package: start, thumbnail, original, stitched PDF, upload
    /// progress, done (with the result), error, removed, and close (``close()``).
    public nonisolated let events: AsyncStream<LensEvent>
    private let eventContinuation: AsyncStream<LensEvent>.Continuation
    /// The codecs and folder for thumbnails and PDFs; `nil`: no such events.
    private let imaging: ClientImaging?
    /// Documents submitted through this client (Lens's `session_scan_count`).
    private var sessionScanCount = 0
    /// The reader of offline mode.
    private let scanner: DocumentScanner?
    private let http: HTTPClient
    private let api: APIClient
    private var random = SystemRandomNumberGenerator()

    /// Creates a client over a queue.
    ///
    /// - Throws: ``ClientConfigurationError`` naming the field, before anything starts.
    ///
    /// In offline mode (``ClientConfiguration/offline``) `scanner` reads the documents on the
    /// device, with `imaging`'s decoder; both are then required.
    public init(configuration: ClientConfiguration, queue: UploadQueue, imaging: ClientImaging? = nil,
                scanner: DocumentScanner? = nil) throws(ClientConfigurationError) {
        try configuration.validate()
        if configuration.offline, scanner == nil || imaging == nil {
            throw ClientConfigurationError(.missingOfflineReader, field: scanner == nil ? "scanner" : "imaging",
                                           "offline mode reads documents on the device: give a scanner and the imaging codecs")
        }
        self.configuration = configuration
        self.queue = queue
        self.imaging = imaging
        self.scanner = scanner
        var httpConfiguration = HTTPClient.Configuration()
        httpConfiguration.timeout = .init(connect: .seconds(10))
        // A server that cannot be reached fails the attempt at once: the queue's backoff, not
        // the HTTP client's, decides when to try again.
        httpConfiguration.connectionPool.retryConnectionEstablishment = false
        http = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration)
        api = APIClient(configuration: configuration, http: http)
        (statuses, continuation) = AsyncStream.makeStream(of: UploadStatus.self)
        (events, eventContinuation) = AsyncStream.makeStream(of: LensEvent.self)
    }

    deinit {
        continuation.finish()
        eventContinuation.finish()
        try? http.syncShutdown()
    }

    /// Queues one document (`files`: an ID's front, then its back and a face photo; or a receipt
    /// or W-2 page) under `sourceId`, written before anything is sent. A `sourceId` the queue
    /// already holds is not queued again: its item continues where it stopped, and an item that
    /// already finished reports its final status again.
    @discardableResult
    public func submit(files: [String], kind: String, sourceId: String) throws(UploadQueueError) -> QueueItem {
        let (item, isNew) = try queue.enqueue(sourceId: sourceId, kind: kind, files: files)
        if !isNew, let final = Self.finalStatus(item) { publish(final) }
        if isNew {
            sessionScanCount += 1
            let package = Self.packageId(sourceId)
            eventContinuation.yield(.start(packageId: package))
            if let imaging, !files.isEmpty {
                do {
                    let written = try PackageArtifacts(imaging: imaging).write(files, to: imaging.directory.appendingPathComponent(package))
                    eventContinuation.yield(.thumbnail(packageId: package, path: written.thumbnail))
                    eventContinuation.yield(.original(packageId: package, path: files[0], documentType: kind == "id" ? "id" : kind))
                    eventContinuation.yield(.stitchedPDF(packageId: package, path: written.pdf))
                } catch {
                    eventContinuation.yield(.error(packageId: package, error: "ARTIFACTS_FAILED: the thumbnail or PDF could not be made"))
                }
            }
        }
        return item
    }

    /// Removes a queued document (sent or not) and reports Lens's `removed`.
    public func remove(sourceId: String) throws(UploadQueueError) {
        guard try queue.remove(sourceId) else { return }
        eventContinuation.yield(.removed(packageId: Self.packageId(sourceId)))
    }

    /// Ends the session: reports Lens's `close` with the documents still queued and the
    /// documents submitted through this client, and returns it.
    @discardableResult
    public func close() -> LensEvent {
        let event = LensEvent.close(queueCount: (try? queue.pending().count) ?? 0, sessionScanCount: sessionScanCount)
        eventContinuation.yield(event)
        return event
    }

    /// Lens's `package_id` of an item: the first 16 characters of its `sourceId`.
    public static func packageId(_ sourceId: String) -> String { String(sourceId.prefix(16)) }

    /// Sends what the queue holds until it is empty or `duration` has passed, retrying with
    /// backoff; returns what is left. Items of earlier runs are continued too. Every due item is
    /// sent before any outcome is awaited, and outcomes are long-polled several at a time.
    public func drain(for duration: Duration) async -> DrainSummary {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            guard let pending = try? queue.pending(), !pending.isEmpty else { break }
            let now = Date().timeIntervalSince1970
            let due = pending.filter { $0.state == .queued && $0.nextAttemptAt <= now }
            if configuration.offline {
                for item in pending where ContinuousClock.now < deadline { readOnDevice(item) }
                continue
            }
            for item in due where ContinuousClock.now < deadline { await upload(item) }
            let uploaded = ((try? queue.pending()) ?? []).filter { $0.state == .uploaded }
            if !uploaded.isEmpty {
                // While retries wait, outcomes are polled in shorter rounds so the retries go on time.
                let waiting = ((try? queue.pending()) ?? []).contains { $0.state == .queued }
                await follow(uploaded, wait: waiting ? 5 : 30, until: deadline)
            } else if due.isEmpty {
                // Nothing due: sleep until the first retry (or the deadline).
                let wait = (pending.map(\.nextAttemptAt).min() ?? now) - now
                let left = deadline - ContinuousClock.now
                try? await Task.sleep(for: min(left, .milliseconds(Int64(max(10, wait * 1000)))))
            }
        }
        let pending = (try? queue.pending()) ?? []
        return DrainSummary(pending: pending.count, failed: ((try? queue.items()) ?? []).filter { $0.state == .permanentlyFailed }.count)
    }

    /// Offline mode: reads an item's files on the device and settles it, with the same statuses
    /// and events as a server's processing (`done`'s data is the `DocumentData` read).
    private func readOnDevice(_ start: QueueItem) {
        var item = start
        let package = Self.packageId(item.sourceId)
        guard let scanner, let imaging else { return }
        do {
            let images = try item.files.map { path throws -> Image in
                try imaging.decoder.decode(try ClientFileError.read(path), limits: DecodingLimits())
            }
            let document = try scanner.scan(images).document
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            item.state = .processedSuccess
            item.documentId = "device"
            try? queue.update(item)
            publish(.processedSuccess(sourceId: item.sourceId, documentId: "device"))
            eventContinuation.yield(.done(packageId: package, data: (try? encoder.encode(document)) ?? Data("{}".utf8)))
        } catch {
            item.state = .processedFailed
            item.lastError = (error as? RecognitionError)?.code.rawValue ?? String(describing: type(of: error))
            try? queue.update(item)
            publish(.processedFailed(sourceId: item.sourceId, documentId: "device"))
            eventContinuation.yield(.error(packageId: package, error: (error as? RecognitionError)?.description ?? item.lastError ?? "UNREADABLE"))
        }
    }

    /// How many outcomes are long-polled at once.
    static let concurrentFollows = 16

    /// One attempt at putting an item on the server.
    private func upload(_ start: QueueItem) async {
        var item = start
        do {
            item = try await send(item)
            item.state = .uploaded
            item.lastError = nil
            try queue.update(item)
            publish(.uploaded(sourceId: item.sourceId, documentId: item.documentId ?? ""))
        } catch let error as APIError {
            await failed(&item, cause: error.cause, retryable: error.isRetryable, retryAfter: error.retryAfter)
        } catch let error as ClientFileError {
            await failed(&item, cause: error.message, retryable: false, retryAfter: nil)
        } catch {
            await failed(&item, cause: String(describing: type(of: error)), retryable: true, retryAfter: nil)
        }
    }

    /// The calls that put an item on the server, each step written to the queue as it completes.
    private func send(_ start: QueueItem) async throws -> QueueItem {
        var item = start
        let key = { (step: String) in "\(item.sourceId):\(step)" }
        let package = Self.packageId(item.sourceId)
        // Steps: create, each image, finalize (a document: one upload).
        let steps = item.isVerification ? min(item.files.count, 3) + 2 : 1
        let progress = { (done: Int) in self.eventContinuation.yield(.progress(packageId: package, percent: done * 100 / steps)) }
        guard item.isVerification else {
            let bytes = try ClientFileError.read(item.files[0])
            let created = try await api.createDocument(bytes, kind: item.kind, key: key("document"))
            item.documentId = created.documentId
            item.filesSent = 1
            item.finalized = true
            progress(1)
            return item
        }
        if item.documentId == nil {
            item.documentId = try await api.createVerification(configuration.verification, key: key("create")).scanReference
            try queue.update(item)
            progress(1)
        }
        let reference = item.documentId ?? ""
        let sides: [ImageSide] = [.front, .back, .face]
        while item.filesSent < min(item.files.count, sides.count) {
            let bytes = try ClientFileError.read(item.files[item.filesSent])
            do {
                try await api.uploadImage(bytes, reference: reference, side: sides[item.filesSent], key: key("image-\(item.filesSent)"))
            } catch let error as APIError where error.status == 409 && error.code == "CONFLICT" {
                // Finalized already (a run that died after finalize, before writing it down).
                guard try await api.verification(reference, wait: 0).status == .pending else { item.finalized = true; return item }
                throw error
            }
            item.filesSent += 1
            try queue.update(item)
            progress(1 + item.filesSent)
        }
        if !item.finalized {
            do {
                try await api.finalize(reference, key: key("finalize"))
            } catch let error as APIError where error.status == 409 && error.code == "CONFLICT" {
                guard try await api.verification(reference, wait: 0).status != .pending else { throw error }
            }
            item.finalized = true
            progress(steps)
        }
        return item
    }

    /// Long-polls the outcome of uploaded items, ``concurrentFollows`` at a time, for up to
    /// `wait` seconds each; records and reports those the server has finished. An item whose
    /// poll fails stays uploaded and is polled again in the next round.
    private func follow(_ items: [QueueItem], wait: Int, until deadline: ContinuousClock.Instant) async {
        let left = Int((deadline - ContinuousClock.now).components.seconds)
        let seconds = max(0, min(wait, left))
        let api = self.api
        var failures = 0
        await withTaskGroup(of: (QueueItem, Bool??).self) { group in
            var next = items.makeIterator()
            func start() {
                guard let item = next.next(), let id = item.documentId else { return }
                group.addTask {
                    do {
                        let finished: Bool?
                        if item.isVerification {
                            let status = try await api.verification(id, wait: seconds).status
                            finished = status == .done ? true : ([.failed, .deleted].contains(status) ? false : nil)
                        } else {
                            let status = try await api.document(id, wait: seconds).status
                            finished = status == .done ? true : ([.failed, .deleted].contains(status) ? false : nil)
                        }
                        return (item, .some(finished))
                    } catch {
                        return (item, nil)
                    }
                }
            }
            for _ in 0..<Self.concurrentFollows { start() }
            while let (item, outcome) = await group.next() {
                start()
                guard let outcome else { failures += 1; continue }
                guard let finished = outcome, let id = item.documentId else { continue }
                var settled = item
                settled.state = finished ? .processedSuccess : .processedFailed
                try? queue.update(settled)
                publish(finished ? .processedSuccess(sourceId: item.sourceId, documentId: id) : .processedFailed(sourceId: item.sourceId, documentId: id))
                let package = Self.packageId(item.sourceId)
                if finished, let result = try? await api.resourceJSON(id, verification: item.isVerification) {
                    eventContinuation.yield(.done(packageId: package, data: result))
                } else if !finished {
                    eventContinuation.yield(.error(packageId: package, error: "PROCESSING_FAILED: the server could not process the document"))
                }
            }
        }
        // A server that stopped answering is not asked again at once.
        if failures == items.count { try? await Task.sleep(for: .seconds(1)) }
    }

    /// Counts a failed attempt: retried later with backoff, or given up.
    private func failed(_ item: inout QueueItem, cause: String, retryable: Bool, retryAfter: Duration?) async {
        item.attempts += 1
        item.lastError = cause
        if retryable && item.attempts < configuration.retry.maximumAttempts {
            let delay = configuration.retry.delay(afterAttempt: item.attempts, retryAfter: retryAfter, unit: Double.random(in: 0...1, using: &random))
            item.nextAttemptAt = Date().timeIntervalSince1970 + Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            try? queue.update(item)
            publish(.uploadFailedAttempt(sourceId: item.sourceId, attempt: item.attempts, cause: cause))
        } else {
            item.state = .permanentlyFailed
            try? queue.update(item)
            publish(.uploadPermanentlyFailed(sourceId: item.sourceId, cause: cause))
            eventContinuation.yield(.error(packageId: Self.packageId(item.sourceId), error: cause))
        }
    }

    private func publish(_ status: UploadStatus) {
        observers.notify(status)
        continuation.yield(status)
    }

    /// The status an item that finished earlier reports again.
    static func finalStatus(_ item: QueueItem) -> UploadStatus? {
        switch item.state {
        case .processedSuccess: .processedSuccess(sourceId: item.sourceId, documentId: item.documentId ?? "")
        case .processedFailed: .processedFailed(sourceId: item.sourceId, documentId: item.documentId ?? "")
        case .permanentlyFailed: .uploadPermanentlyFailed(sourceId: item.sourceId, cause: item.lastError ?? "given up")
        case .queued, .uploaded: nil
        }
    }
}
