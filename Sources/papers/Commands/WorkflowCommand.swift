import ArgumentParser
import Foundation
import PapersCapture
import PapersCore

/// `papers workflow`: the verification workflow driven by a script of events on standard input.
struct WorkflowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workflow",
        abstract: "Walk the verification workflow from JSON events on standard input; print each state and its effects.",
        discussion: """
        One JSON event a line, e.g. {"event":"start"}, {"event":"selectDocument","country":"USA","type":"driverLicense"}, \
        {"event":"partScanned","outcome":"ok|wrongSide|barcodeWithoutAddress|unreadable"}, {"event":"confirm"}, \
        {"event":"uploaded","scanReference":"…"}, {"event":"processed"}, {"event":"networkFailed","noInternet":true}, \
        {"event":"cancel"}; "at" gives the time in seconds (default: one second after the previous event).
        """)

    @Flag(help: "Print JSON lines.") var json = false
    @Option(name: .customLong("preselected-country"), help: "The country, preselected.") var preselectedCountry: String?
    @Option(name: .customLong("preselected-type"), help: "A document type, preselected (passport, driverLicense, identityCard, visa); repeatable.")
    var preselectedTypes: [String] = []
    @Option(name: .customLong("consent-url"), help: "Ask for consent to this URL first.") var consentURL: String?
    @Flag(name: .customLong("face"), help: "Capture a face after the document.") var face = false
    @Option(name: .customLong("lifetime"), help: "The session's lifetime in seconds.") var lifetime: Double = 900
    @Option(help: "The language of help texts and messages: en or vi.") var language = "en"

    struct Line: Encodable {
        let event: String
        let phase: String
        let effects: [String]
    }

    func run() throws {
        var configuration = WorkflowConfiguration()
        configuration.preselectedCountry = preselectedCountry
        let types = preselectedTypes.compactMap(DocumentType.init(rawValue:))
        guard types.count == preselectedTypes.count else { throw CLIOutput.fail("--preselected-type must be passport, driverLicense, identityCard or visa", code: 64) }
        configuration.preselectedTypes = types.isEmpty ? nil : types
        configuration.consentURL = consentURL
        configuration.faceCapture = face
        configuration.sessionLifetime = .milliseconds(Int64(lifetime * 1000))
        guard Localization.supportedLanguages.contains(language) else {
            throw CLIOutput.fail("--language must be one of \(Localization.supportedLanguages.joined(separator: ", "))", code: 64)
        }
        configuration.language = language
        var workflow = VerificationWorkflow(configuration: configuration)
        var clock = 0.0
        var number = 0
        while let text = readLine() {
            number += 1
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  let name = object["event"] as? String, let event = Self.event(name, object) else {
                throw CLIOutput.fail("line \(number) is not a workflow event", code: 65)
            }
            clock = (object["at"] as? Double) ?? clock + 1
            let effects = workflow.handle(event, at: .milliseconds(Int64(clock * 1000)))
            let line = Line(event: name, phase: Self.describe(workflow.phase), effects: effects.map(Self.describe))
            if json { try CLIOutput.printJSON(line, pretty: false) } else { print("\(name) → \(line.phase)  \(line.effects.joined(separator: "; "))") }
        }
    }

    /// The event a JSON line names.
    static func event(_ name: String, _ object: [String: Any]) -> WorkflowEvent? {
        switch name {
        case "start": return .start
        case "consentGiven": return .consentGiven
        case "selectDocument":
            guard let country = object["country"] as? String, let type = (object["type"] as? String).flatMap(DocumentType.init(rawValue:)) else { return nil }
            return .selectDocument(country: country, type: type, variant: object["variant"] as? String)
        case "legalAdviceAcknowledged": return .legalAdviceAcknowledged
        case "partScanned":
            switch object["outcome"] as? String ?? "ok" {
            case "ok": return .partScanned(.ok)
            case "wrongSide": return .partScanned(.wrongSide)
            case "barcodeWithoutAddress": return .partScanned(.barcodeWithoutAddress)
            case "unreadable": return .partScanned(.unreadable)
            default: return nil
            }
        case "confirm": return .confirm
        case "retake": return .retake
        case "switchToFallback": return .switchToFallback
        case "pauseScan": return .pauseScan
        case "retryScan": return .retryScan
        case "analysisFinished": return .analysisFinished(passed: object["passed"] as? Bool ?? true)
        case "uploaded": return (object["scanReference"] as? String).map { .uploaded(scanReference: $0) }
        case "processed": return .processed(document: DocumentData(extractionMethod: .none))
        case "networkFailed": return .networkFailed(noInternet: object["noInternet"] as? Bool ?? false)
        case "credentialsRejected": return .credentialsRejected
        case "retryAfterError": return .retryAfterError
        case "cancel": return .cancel
        case "destroy": return .destroy
        case "tick": return .tick
        default: return nil
        }
    }

    /// An effect's name with its essentials.
    static func describe(_ effect: WorkflowEffect) -> String {
        switch effect {
        case .showConsent(let url): return "showConsent(\(url))"
        case .showDocumentChoice(let countries): return "showDocumentChoice(\(countries.joined(separator: ",")))"
        case .showLegalAdvice: return "showLegalAdvice"
        case .presentScan(let step):
            return "presentScan(\(step.part.rawValue), \(step.mode.rawValue), \(step.currentStep)/\(step.totalSteps)\(step.isFallback ? ", fallback" : ""))"
        case .pauseDetection: return "pauseDetection"
        case .resumeDetection: return "resumeDetection"
        case .showConfirmation(let type): return "showConfirmation(\(type.rawValue))"
        case .startAnalysis: return "startAnalysis"
        case .upload: return "upload"
        case .showError(let code, let message, let retry): return "showError(\(code)\(retry ? ", retryPossible" : "")): \(message)"
        case .finish(_, let reference): return "finish(\(reference))"
        case .cancelled(let code, let reference): return "cancelled(\(code)\(reference.map { ", \($0)" } ?? ""))"
        }
    }

    /// A phase's name with its essentials.
    static func describe(_ phase: VerificationWorkflow.Phase) -> String {
        switch phase {
        case .scanning(let step, let paused):
            return "scanning(\(step.part.rawValue), \(step.mode.rawValue), step \(step.currentStep) of \(step.totalSteps)\(paused ? ", paused" : ""))"
        case .confirming(let step, let type): return "confirming(\(step.part.rawValue), \(type.rawValue))"
        case .error(let code, let retry, _): return "error(\(code), retryPossible: \(retry))"
        default: return "\(phase)"
        }
    }
}
