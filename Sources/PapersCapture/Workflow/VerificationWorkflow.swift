import PapersCore

/// Jumio's custom-UI workflow as a value: initialising → consent (when required) → choice of
/// country and document (skipped when preselected) → legal advice (where a country needs it) →
/// a scan step per part (front, back, face) with confirmation → upload → processing → finished,
/// or cancelled. Every transition is ``handle(_:at:)``, a pure function of the state, the event
/// and the time given (the clock is the caller's), returning the effects the app must carry out.
///
/// Errors carry Jumio's codes: `J` when the session's lifetime ends, `Y` for a US licence barcode
/// without an address, `Z` when the front was scanned where the back was asked for, `A`/`E` for
/// network failures (retry possible), `C` for refused credentials, `G` on cancel.
public struct VerificationWorkflow: Sendable, Hashable {
    /// Where the workflow stands.
    public indirect enum Phase: Sendable, Hashable {
        case initialising
        case consentRequired(url: String)
        case choosingDocument(countries: [String])
        case legalAdvice(text: String)
        case scanning(WorkflowStep, paused: Bool)
        case confirming(WorkflowStep, ConfirmationType)
        case uploading
        case processing(scanReference: String)
        /// Pending after an error; `resume` is where ``WorkflowEvent/retryAfterError`` returns.
        case error(code: String, retryPossible: Bool, resume: Phase)
        case finished(scanReference: String)
        case cancelled(code: String, scanReference: String?)
        case destroyed
    }

    /// What it was set up with.
    public let configuration: WorkflowConfiguration
    /// Where it stands.
    public private(set) var phase: Phase = .initialising
    /// The document chosen.
    public private(set) var document: DocumentCatalogue.Document?
    /// The server's reference, once uploaded.
    public private(set) var scanReference: String?
    private var startedAt: Duration?
    private var partIndex = 0
    /// The texts of help and messages; `nil` when the configured language's texts could not be
    /// loaded (the built-in English texts are used).
    public private(set) var localization: Localization?

    /// Creates a workflow, initialising.
    public init(configuration: WorkflowConfiguration = WorkflowConfiguration()) {
        self.configuration = configuration
        localization = try? Localization(language: configuration.language)
    }

    /// Changes the language of help texts and messages at run time.
    public mutating func setLanguage(_ language: String) throws(LocalizationError) {
        if localization == nil { localization = try Localization(language: language) } else { try localization?.setLanguage(language) }
    }

    /// The message of an error in the workflow's language.
    func message(_ error: WorkflowError) -> String { localization?.message(for: error) ?? error.message }

    /// Whether nothing more can happen.
    public var isFinal: Bool {
        switch phase {
        case .finished, .cancelled, .destroyed: true
        default: false
        }
    }

    /// The parts to capture, in order: the document's, then the face when asked for.
    var parts: [DocumentCatalogue.Part] {
        (document?.parts ?? []) + (configuration.faceCapture
            ? [DocumentCatalogue.Part(part: .face, mode: configuration.liveness ? .liveness : .faceCapture, fallback: configuration.liveness ? .faceCapture : nil)]
            : [])
    }

    /// Takes one event at `now` (the time since any fixed origin, the same for every call).
    public mutating func handle(_ event: WorkflowEvent, at now: Duration) -> [WorkflowEffect] {
        if case .destroyed = phase {
            let error = WorkflowError(.transactionFinished)
            return [.showError(code: error.code, message: message(error), retryPossible: false)]
        }
        if event == .destroy {
            phase = .destroyed
            return []
        }
        guard !isFinal else { return [] }
        if let startedAt, now - startedAt > configuration.sessionLifetime {
            return cancel(WorkflowError(.transactionFinished))
        }
        if event == .cancel { return cancel(WorkflowError(.cancelledByUser)) }
        switch (phase, event) {
        case (.initialising, .start):
            startedAt = now
            if let url = configuration.consentURL {
                phase = .consentRequired(url: url)
                return [.showConsent(url: url)]
            }
            return afterConsent()
        case (.consentRequired, .consentGiven):
            return afterConsent()
        case (.choosingDocument(let countries), .selectDocument(let country, let type, let variant)):
            guard countries.contains(country), let choice = offered.first(where: { $0.code == country })?.documents.first(where: { $0.type == type }),
                  variant == nil || choice.variants.contains(variant!) else {
                return [.showDocumentChoice(countries: countries)]
            }
            return select(choice, country: country)
        case (.legalAdvice, .legalAdviceAcknowledged):
            return startPart(0, fallback: false)
        case (.scanning(let step, _), .pauseScan):
            phase = .scanning(step, paused: true)
            return [.pauseDetection]
        case (.scanning(let step, _), .retryScan):
            phase = .scanning(step, paused: false)
            return [.resumeDetection]
        case (.scanning(let step, _), .switchToFallback):
            guard step.isFallbackAvailable, !step.isFallback else { return [] }
            return startPart(partIndex, fallback: true)
        case (.scanning(let step, let paused), .partScanned(let outcome)):
            guard !paused else { return [] }
            return scanned(step, outcome)
        case (.confirming(let step, .analyzing), .analysisFinished(let passed)):
            phase = .confirming(step, passed ? .analyzingResponsePass : .analyzingResponseReject)
            return [.showConfirmation(passed ? .analyzingResponsePass : .analyzingResponseReject)]
        case (.confirming(_, let type), .confirm) where type != .analyzing && type != .analyzingResponseReject:
            if partIndex + 1 < parts.count { return startPart(partIndex + 1, fallback: false) }
            phase = .uploading
            return [.upload]
        case (.confirming(let step, let type), .retake) where type != .analyzing:
            phase = .scanning(step, paused: false)
            return [.presentScan(step)]
        case (.uploading, .uploaded(let reference)):
            scanReference = reference
            phase = .processing(scanReference: reference)
            return []
        case (.uploading, .networkFailed(let noInternet)), (.processing, .networkFailed(let noInternet)):
            let error = WorkflowError(noInternet ? .noInternet : .networkProblem)
            phase = .error(code: error.code, retryPossible: true, resume: phase)
            return [.showError(code: error.code, message: message(error), retryPossible: true)]
        case (.uploading, .credentialsRejected), (.processing, .credentialsRejected):
            return cancel(WorkflowError(.invalidCredentials))
        case (.processing(let reference), .processed(let document)):
            phase = .finished(scanReference: reference)
            return [.finish(document: document, scanReference: reference)]
        case (.error(_, true, let resume), .retryAfterError):
            phase = resume
            switch resume {
            case .scanning(let step, _): return [.presentScan(step)]
            case .uploading: return [.upload]
            default: return []
            }
        default:
            return []
        }
    }

    /// The countries and documents this configuration offers.
    var offered: [DocumentCatalogue.Country] {
        configuration.catalogue.offered(country: configuration.preselectedCountry, types: configuration.preselectedTypes)
    }

    private mutating func afterConsent() -> [WorkflowEffect] {
        let countries = offered
        // Preselection that leaves one country with one document skips the choice.
        if countries.count == 1, countries[0].documents.count == 1,
           configuration.preselectedCountry != nil || configuration.preselectedTypes != nil {
            return select(countries[0].documents[0], country: countries[0].code)
        }
        phase = .choosingDocument(countries: countries.map(\.code))
        return [.showDocumentChoice(countries: countries.map(\.code))]
    }

    private mutating func select(_ choice: DocumentCatalogue.Document, country: String) -> [WorkflowEffect] {
        document = choice
        if let text = configuration.catalogue.legalAdvice[country] {
            phase = .legalAdvice(text: text)
            return [.showLegalAdvice(text: text)]
        }
        return startPart(0, fallback: false)
    }

    private mutating func startPart(_ index: Int, fallback: Bool) -> [WorkflowEffect] {
        partIndex = index
        let part = parts[index]
        let mode = fallback ? (part.fallback ?? part.mode) : part.mode
        let help = localization?.help(part.part, mode) ?? Self.help(part.part, mode)
        let step = WorkflowStep(part: part.part, mode: mode, currentStep: index + 1, totalSteps: parts.count,
                                isFallbackAvailable: part.fallback != nil, isFallback: fallback, shortHelp: help.short, longHelp: help.long)
        phase = .scanning(step, paused: false)
        return [.presentScan(step)]
    }

    private mutating func scanned(_ step: WorkflowStep, _ outcome: ScanOutcome) -> [WorkflowEffect] {
        switch outcome {
        case .ok where configuration.analyseBeforeConfirming:
            phase = .confirming(step, .analyzing)
            return [.showConfirmation(.analyzing), .startAnalysis]
        case .ok:
            let type: ConfirmationType = step.part == .back ? .checkDocumentSide : .generic
            phase = .confirming(step, type)
            return [.showConfirmation(type)]
        case .wrongSide where step.part == .back:
            return fail(WorkflowError(.flipDocument), resume: .scanning(step, paused: false))
        case .barcodeWithoutAddress where step.mode == .barcode:
            return fail(WorkflowError(.barcodeWithoutAddress), resume: .scanning(step, paused: false))
        case .wrongSide, .barcodeWithoutAddress, .unreadable:
            return [.resumeDetection]
        }
    }

    private mutating func fail(_ error: WorkflowError, resume: Phase) -> [WorkflowEffect] {
        phase = .error(code: error.code, retryPossible: error.isRetryable, resume: resume)
        return [.showError(code: error.code, message: message(error), retryPossible: error.isRetryable)]
    }

    private mutating func cancel(_ error: WorkflowError) -> [WorkflowEffect] {
        phase = .cancelled(code: error.code, scanReference: scanReference)
        return [.cancelled(code: error.code, scanReference: scanReference)]
    }

    /// The help texts of a step.
    static func help(_ part: ScanPart, _ mode: ScanMode) -> (short: String, long: String) {
        switch mode {
        case .mrz: ("Scan the machine-readable zone", "Place the page so that the two or three lines of characters at its bottom fill the frame.")
        case .barcode: ("Scan the barcode", "Turn the card over and hold the barcode on its back inside the frame, without glare.")
        case .ocr: ("Scan the \(part.rawValue)", "Hold the \(part.rawValue) of the document flat inside the frame, all four corners visible.")
        case .faceCapture: ("Take a selfie", "Look into the camera with your face inside the oval, in even light.")
        case .liveness: ("Follow the prompts", "Keep your face in the oval and follow the movements asked for.")
        case .manual: ("Take a photo of the \(part.rawValue)", "Hold still and tap the shutter when the whole \(part.rawValue) is sharp in the frame.")
        }
    }
}
