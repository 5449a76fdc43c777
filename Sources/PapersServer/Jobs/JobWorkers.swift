import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import ServiceLifecycle
import PapersVerification

/// The worker pool: `workerCount` loops that claim processing jobs from the database and run
/// them, and ``CallbackPolicy/maximumConcurrent`` senders that claim callback jobs only, so that a
/// receiver that never answers cannot hold back anybody's processing. Reading photos runs on NIO's
/// thread pool, off the HTTP event loops and the cooperative executor.
struct JobWorkers: Service, CustomStringConvertible {
    var description: String { "JobWorkers" }
    let services: ServerServices
    let owner = "worker-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    /// Processing jobs are tried this many times before the verification is marked `FAILED`.
    static let maximumAttempts = 5

    /// Runs until graceful shutdown: then each worker finishes the job in hand and stops. Jobs
    /// still running after ``ServerConfiguration/shutdownGracePeriod`` are handed back to the
    /// queue, unattempted, for another server (or the next start) to run.
    func run() async throws {
        let stopping = NIOLockedValueBox(false)
        // The callbacks' own client: no redirects followed, short timeouts (see CallbackDeliverer).
        let client = CallbackDeliverer.makeClient(services.configuration.callbacks)
        let callbacks = CallbackDeliverer(services: services, client: client)
        let grace = services.configuration.shutdownGracePeriod
        let work = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<services.configuration.workerCount {
                    group.addTask { await loop("\(owner)-\(index)", kinds: JobKind.processing, callbacks: callbacks, stopping: stopping) }
                }
                group.addTask { await sendCallbacks(callbacks, stopping: stopping) }
            }
        }
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await work.value
            } onGracefulShutdown: {
                stopping.withLockedValue { $0 = true }
                Task {
                    try? await Task.sleep(for: grace)
                    work.cancel()
                }
            }
        } onCancel: {
            work.cancel()
        }
        try? await client.shutdown()
    }

    func loop(_ name: String, kinds: [JobKind], callbacks: CallbackDeliverer, stopping: NIOLockedValueBox<Bool>) async {
        let lease = services.configuration.jobLease
        while !Task.isCancelled, !stopping.withLockedValue({ $0 }) {
            do {
                if let job = try await services.database.claimJob(owner: name, lease: lease, kinds: kinds) {
                    await handle(job, callbacks: callbacks)
                    continue
                }
            } catch where !Task.isCancelled {
                services.logger.error("job claim failed", metadata: ["error": .string("\(error)")])
            } catch {
                return
            }
            try? await Task.sleep(for: services.configuration.jobPollInterval)
        }
    }

    /// Claims callback jobs while fewer than ``CallbackPolicy/maximumConcurrent`` are in flight and
    /// sends each in a task of its own: one poll of the database however many senders there are.
    func sendCallbacks(_ callbacks: CallbackDeliverer, stopping: NIOLockedValueBox<Bool>) async {
        let maximum = max(1, services.configuration.callbacks.maximumConcurrent)
        let lease = services.configuration.jobLease, name = "\(owner)-callbacks"
        let inFlight = NIOLockedValueBox(0)
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled, !stopping.withLockedValue({ $0 }) {
                if inFlight.withLockedValue({ $0 }) < maximum {
                    do {
                        if let job = try await services.database.claimJob(owner: name, lease: lease, kinds: JobKind.callbacks) {
                            inFlight.withLockedValue { $0 += 1 }
                            group.addTask {
                                await handle(job, callbacks: callbacks)
                                inFlight.withLockedValue { $0 -= 1 }
                            }
                            continue
                        }
                    } catch where !Task.isCancelled {
                        services.logger.error("job claim failed", metadata: ["error": .string("\(error)")])
                    } catch {
                        return
                    }
                }
                try? await Task.sleep(for: services.configuration.jobPollInterval)
            }
        }
    }

    /// Runs one job; any outcome settles it (done, retried later, or failed).
    func handle(_ job: Job, callbacks: CallbackDeliverer) async {
        let start = ContinuousClock.now
        var outcome = "done"
        // The lease is renewed while the job runs, so that no other worker takes over a long job
        // whose holder is alive (a lease only expires when its worker died).
        let database = services.database, lease = services.configuration.jobLease
        let renewal = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(Int64(lease * 1000 / 3)))
                guard try await database.renewJob(job, lease: lease) else { return }
            }
        }
        defer { renewal.cancel() }
        do {
            switch job.kind {
            case .processVerification: try await processVerification(job)
            case .processDocument: try await processDocument(job)
            case .deliverCallback: outcome = try await callbacks.deliver(job)
            }
        } catch where Task.isCancelled {
            // Cancelled mid-job (shutdown): hand it back at once, unattempted, outside this cancelled
            // task, so that another worker takes it without waiting for the lease to run out.
            outcome = "interrupted"
            let database = services.database
            _ = await Task.detached { try? await database.releaseJob(job, at: now()) }.value
        } catch {
            outcome = "error"
            services.logger.error("job failed", metadata: ["kind": .string(job.kind.rawValue), "attempt": .stringConvertible(job.attempts), "error": .string(Self.describe(error))])
            await settleFailure(job, error: error)
        }
        let elapsed = ContinuousClock.now - start
        services.metrics.increment("papers_jobs_total", [("kind", job.kind.rawValue), ("outcome", outcome)])
        services.metrics.observe("papers_job_duration_seconds", [("kind", job.kind.rawValue)],
                                 seconds: elapsed.inSeconds)
    }

    func processVerification(_ job: Job) async throws {
        guard let record = try await services.database.verification(job.subject, tenantID: nil), record.state == .processing else {
            try await services.database.completeJob(job)
            return
        }
        let processor = services.processor
        var images: [ImageSide: Data] = [:]
        for side in VerificationProcessor.documentSides where record.images.contains(side.rawValue) {
            images[side] = try await services.images.read(owner: record.id, name: side.rawValue)
        }
        let opened = images
        let stills = try await Self.abandoningOnCancel {
            try await NIOThreadPool.singleton.runIfActive {
                BackgroundPriority.lowerCurrentThread()
                return processor.decodeStills(opened)
            }
        }
        // A side without a still image that decodes takes the best frame of the valid batches
        // labelled for it (the front also takes unlabelled ones): only then are frames read.
        let missing = VerificationProcessor.documentSides.filter { stills[$0] == nil }
        var frames: [ImageSide: [Data]] = [:]
        if !missing.isEmpty {
            for batch in try await services.database.validFrameBatches(verificationID: record.id) {
                for side in missing where batch.label == side.rawValue || (side == .front && batch.label == nil) {
                    for index in 0..<batch.frameCount {
                        frames[side, default: []].append(try await services.images.read(owner: record.id, name: "frames-\(batch.id)-\(index)"))
                    }
                }
            }
        }
        let framesBySide = frames
        var face: Data?
        if processor.faceMatcher != nil, record.request?.enableIdentityVerification == true, record.images.contains(ImageSide.face.rawValue) {
            face = try await services.images.read(owner: record.id, name: ImageSide.face.rawValue)
        }
        let selfie = face
        let answer = try await livenessAnswer(record)
        let judge = services.livenessJudge
        let result = try await Self.abandoningOnCancel {
            try await NIOThreadPool.singleton.runIfActive {
                BackgroundPriority.lowerCurrentThread()
                defer { MemoryRelease.trim() }
                var result = processor.process(record, stills: stills, frames: framesBySide, face: selfie)
                if let answer {
                    let verdict = judge.map { $0.judge(answer.frames, claims: answer.claims, batches: answer.batches, metadata: answer.metadata,
                                                       decode: processor.decode) }
                        ?? LivenessVerdict(isLive: false, failure: "LIVENESS_NOT_AVAILABLE", gestures: answer.claims.gestures, nonce: answer.claims.nonce,
                                           frontalImage: nil, steps: [], frameBatchIds: answer.batches, metadata: answer.metadata)
                    result.apply(verdict)
                }
                return result
            }
        }
        let event = CallbackEvent.verification(record, state: .done, result: result)
        try await services.database.completeVerification(record.id, state: .done, result: result, event: event)
        try await services.database.completeJob(job)
        services.waiters.notify(record.id)
        services.metrics.increment("papers_verifications_decided_total", [("verificationStatus", result.verificationStatus?.rawValue ?? "NONE")])
    }

    /// The frames answering the verification's latest liveness challenge: the valid batches
    /// labelled `liveness` whose challenge was genuine when they were uploaded, those of the last
    /// one's nonce, in upload order; `nil` when there are none.
    func livenessAnswer(_ record: VerificationRecord) async throws
        -> (claims: LivenessChallengeClaims, frames: [LivenessJudge.Frame], batches: [String], metadata: [String: String]?)? {
        var answers: [(batch: StoredFrameBatch, claims: LivenessChallengeClaims, details: FrameBatchDetails?)] = []
        for batch in try await services.database.validFrameBatches(verificationID: record.id) where batch.label == LivenessRoutes.label {
            let details = try batch.sealedDetails.map {
                try services.sealer.openJSON(FrameBatchDetails.self, from: $0, context: StoredFrameBatch.detailsContext(batch.id))
            }
            guard let claims = try? LivenessRoutes.claims(ofBatch: details?.metadata, verificationID: record.id, tenantID: record.tenantID,
                                                          signer: services.livenessChallenges, now: batch.createdAt) else { continue }
            answers.append((batch, claims, details))
        }
        guard let last = answers.last else { return nil }
        var frames: [LivenessJudge.Frame] = [], batches: [String] = [], metadata: [String: String] = [:]
        for answer in answers where answer.claims.nonce == last.claims.nonce {
            batches.append(answer.batch.id)
            metadata.merge((answer.details?.metadata ?? [:]).filter { $0.key != "challenge" }) { $1 }
            for index in 0..<answer.batch.frameCount {
                frames.append(.init(batchID: answer.batch.id, index: index,
                                    bytes: try await services.images.read(owner: record.id, name: "frames-\(answer.batch.id)-\(index)"),
                                    capturedAt: answer.details.flatMap { $0.capturedAt.indices.contains(index) ? $0.capturedAt[index] : nil },
                                    uploadedAt: Date(timeIntervalSince1970: answer.batch.createdAt)))
            }
        }
        return (last.claims, frames, batches, metadata.isEmpty ? nil : metadata)
    }

    func processDocument(_ job: Job) async throws {
        guard let record = try await services.database.document(job.subject, tenantID: nil), record.status == .processing else {
            try await services.database.completeJob(job)
            return
        }
        var pages: [Data] = []
        for index in 0..<record.pageCount {
            pages.append(try await services.images.read(owner: record.id, name: "page-\(index)"))
        }
        let opened = pages, kind = record.kind
        let processor = DocumentProcessor(limits: services.configuration.decodingLimits, recognizers: services.textRecognizers)
        let result = try await Self.abandoningOnCancel {
            try await NIOThreadPool.singleton.runIfActive {
                BackgroundPriority.lowerCurrentThread()
                defer { MemoryRelease.trim() }
                return try processor.process(opened, kind: kind)
            }
        }
        let event = CallbackEvent.document(id: record.id, tenantID: record.tenantID, callbackURL: record.callbackURL, state: .done,
                                           resolvedType: result.extraction?.resolvedType)
        try await services.database.completeDocument(record.id, status: .done, result: result, event: event)
        try await services.database.completeJob(job)
        services.waiters.notify(record.id)
    }

    /// Retries with a growing delay; after the last attempt the subject is marked `FAILED` (and its
    /// callback sent) so a client never waits forever.
    func settleFailure(_ job: Job, error: any Error) async {
        let reason = Self.describe(error)
        do {
            if job.attempts < Self.maximumAttempts {
                try await services.database.retryJob(job, at: now() + services.configuration.processingRetryDelay * Double(job.attempts), error: reason)
                return
            }
            switch job.kind {
            case .processVerification:
                if let record = try await services.database.verification(job.subject, tenantID: nil) {
                    let event = CallbackEvent.verification(record, state: .failed, result: nil)
                    try await services.database.completeVerification(record.id, state: .failed, result: nil, event: event)
                }
            case .processDocument:
                if let record = try await services.database.document(job.subject, tenantID: nil) {
                    let event = CallbackEvent.document(id: record.id, tenantID: record.tenantID, callbackURL: record.callbackURL, state: .failed)
                    try await services.database.completeDocument(record.id, status: .failed, result: nil, event: event)
                }
            case .deliverCallback:
                break
            }
            try await services.database.failJob(job, error: reason)
            services.waiters.notify(job.subject)
        } catch {
            services.logger.error("cannot settle a failed job", metadata: ["kind": .string(job.kind.rawValue)])
        }
    }

    /// The result of `work`, or `CancellationError` as soon as the calling task is cancelled: a
    /// photo being read on the thread pool cannot be interrupted, so at shutdown its result is
    /// abandoned (the job goes back to the queue) rather than waited for.
    static func abandoningOnCancel<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let once = OnceContinuation<T>()
        let finish = { @Sendable (result: Result<T, any Error>) in once.resume(with: result) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                once.hold(continuation)
                if Task.isCancelled { finish(.failure(CancellationError())) }
                Task {
                    do { finish(.success(try await work())) } catch { finish(.failure(error)) }
                }
            }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
    }

    /// An error's code or type, never its payload.
    static func describe(_ error: any Error) -> String {
        if let error = error as? ServerError { return error.code.rawValue + ": " + error.message }
        return String(describing: type(of: error))
    }
}
