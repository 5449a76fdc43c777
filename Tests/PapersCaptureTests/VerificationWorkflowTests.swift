import PapersCapture
import PapersCore
import Testing

@Suite("Verification workflow")
struct VerificationWorkflowTests {
    static let t0 = Duration.seconds(1000)

    /// A US licence workflow up to its first scan step.
    static func licence(_ adjust: (inout WorkflowConfiguration) -> Void = { _ in }) -> VerificationWorkflow {
        var configuration = WorkflowConfiguration()
        configuration.preselectedCountry = "USA"
        configuration.preselectedTypes = [.driverLicense]
        adjust(&configuration)
        var workflow = VerificationWorkflow(configuration: configuration)
        _ = workflow.handle(.start, at: t0)
        return workflow
    }

    static var document: DocumentData {
        var data = DocumentData(extractionMethod: .barcode)
        data.lastName = "SAMPLE"
        return data
    }

    @Test("happy path: consent, choice, legal advice, front and back with confirmation, upload, processing, finished")
    func happyPath() {
        var configuration = WorkflowConfiguration()
        configuration.consentURL = "https://example.com/privacy"
        var workflow = VerificationWorkflow(configuration: configuration)
        #expect(workflow.handle(.start, at: Self.t0) == [.showConsent(url: "https://example.com/privacy")])
        let choice = workflow.handle(.consentGiven, at: Self.t0)
        guard case .showDocumentChoice(let countries)? = choice.first else { Issue.record("\(choice)"); return }
        #expect(countries.contains("DEU") && countries.contains("USA"))
        // Not offered: asked again.
        #expect(workflow.handle(.selectDocument(country: "USA", type: .identityCard, variant: nil), at: Self.t0) == choice)
        #expect(workflow.handle(.selectDocument(country: "DEU", type: .identityCard, variant: "plastic"), at: Self.t0).first
                == .showLegalAdvice(text: DocumentCatalogue.standard.legalAdvice["DEU"]!))
        let front = workflow.handle(.legalAdviceAcknowledged, at: Self.t0)
        guard case .presentScan(let step)? = front.first else { Issue.record("\(front)"); return }
        #expect(step.part == .front && step.mode == .ocr && step.currentStep == 1 && step.totalSteps == 2 && step.isFallbackAvailable)
        #expect(workflow.handle(.partScanned(.ok), at: Self.t0) == [.showConfirmation(.generic)])
        let back = workflow.handle(.confirm, at: Self.t0)
        guard case .presentScan(let backStep)? = back.first else { Issue.record("\(back)"); return }
        #expect(backStep.part == .back && backStep.mode == .mrz && backStep.currentStep == 2)
        #expect(workflow.handle(.partScanned(.ok), at: Self.t0) == [.showConfirmation(.checkDocumentSide)])
        #expect(workflow.handle(.confirm, at: Self.t0) == [.upload])
        #expect(workflow.handle(.uploaded(scanReference: "ref-1"), at: Self.t0).isEmpty)
        #expect(workflow.handle(.processed(document: Self.document), at: Self.t0) == [.finish(document: Self.document, scanReference: "ref-1")])
        #expect(workflow.isFinal)
        #expect(workflow.handle(.cancel, at: Self.t0).isEmpty)
    }

    @Test("preselection of one country and one type skips the choice; the face step follows the document")
    func preselection() {
        var workflow = Self.licence { $0.faceCapture = true; $0.liveness = true }
        guard case .scanning(let step, _) = workflow.phase else { Issue.record("\(workflow.phase)"); return }
        #expect(step.totalSteps == 3 && step.part == .front)
        _ = workflow.handle(.partScanned(.ok), at: Self.t0); _ = workflow.handle(.confirm, at: Self.t0)
        _ = workflow.handle(.partScanned(.ok), at: Self.t0); _ = workflow.handle(.confirm, at: Self.t0)
        guard case .scanning(let face, _) = workflow.phase else { Issue.record("\(workflow.phase)"); return }
        #expect(face.part == .face && face.mode == .liveness && face.currentStep == 3)
    }

    @Test("Z when the front is scanned for the back, Y for a barcode without address; both retry the same step")
    func flipAndAddress() {
        var workflow = Self.licence()
        _ = workflow.handle(.partScanned(.ok), at: Self.t0)
        _ = workflow.handle(.confirm, at: Self.t0)
        let flip = workflow.handle(.partScanned(.wrongSide), at: Self.t0)
        #expect(flip.first == .showError(code: "Z00000", message: WorkflowError(.flipDocument).message, retryPossible: true))
        guard case .presentScan(let again)? = workflow.handle(.retryAfterError, at: Self.t0).first else { Issue.record("no retry"); return }
        #expect(again.part == .back && again.mode == .barcode)
        let address = workflow.handle(.partScanned(.barcodeWithoutAddress), at: Self.t0)
        guard case .showError(let code, _, true)? = address.first else { Issue.record("\(address)"); return }
        #expect(code == "Y00000")
        _ = workflow.handle(.retryAfterError, at: Self.t0)
        // The fallback: the same part, scanned by hand.
        guard case .presentScan(let manual)? = workflow.handle(.switchToFallback, at: Self.t0).first else { Issue.record("no fallback"); return }
        #expect(manual.part == .back && manual.mode == .manual && manual.isFallback)
        #expect(workflow.handle(.switchToFallback, at: Self.t0).isEmpty)
    }

    @Test("A and E for network failures with retry; C cancels for refused credentials")
    func network() {
        var workflow = Self.licence()
        for _ in 0..<2 { _ = workflow.handle(.partScanned(.ok), at: Self.t0); _ = workflow.handle(.confirm, at: Self.t0) }
        #expect(workflow.phase == .uploading)
        guard case .showError("E00000", _, true)? = workflow.handle(.networkFailed(noInternet: true), at: Self.t0).first else { Issue.record("no E"); return }
        #expect(workflow.handle(.retryAfterError, at: Self.t0) == [.upload])
        guard case .showError("A00000", _, true)? = workflow.handle(.networkFailed(noInternet: false), at: Self.t0).first else { Issue.record("no A"); return }
        _ = workflow.handle(.retryAfterError, at: Self.t0)
        #expect(workflow.handle(.credentialsRejected, at: Self.t0) == [.cancelled(code: "C00401", scanReference: nil)])
        #expect(workflow.isFinal)
    }

    @Test("G on cancel from anywhere; J when the session outlives its lifetime; a destroyed workflow refuses use")
    func cancelExpireDestroy() {
        var cancelled = Self.licence()
        _ = cancelled.handle(.pauseScan, at: Self.t0)
        #expect(cancelled.handle(.cancel, at: Self.t0) == [.cancelled(code: "G00000", scanReference: nil)])

        var expired = Self.licence { $0.sessionLifetime = .seconds(60) }
        #expect(expired.handle(.tick, at: Self.t0 + .seconds(59)).isEmpty)
        #expect(expired.handle(.partScanned(.ok), at: Self.t0 + .seconds(61)) == [.cancelled(code: "J00000", scanReference: nil)])

        var destroyed = Self.licence()
        _ = destroyed.handle(.destroy, at: Self.t0)
        #expect(destroyed.phase == .destroyed)
        guard case .showError("J00000", _, false)? = destroyed.handle(.start, at: Self.t0).first else { Issue.record("used after destroy"); return }
    }

    @Test("pause stops the scan until retryScan; a retake goes back to the scan; analysis confirmations")
    func pauseRetakeAnalysis() {
        var workflow = Self.licence()
        #expect(workflow.handle(.pauseScan, at: Self.t0) == [.pauseDetection])
        #expect(workflow.handle(.partScanned(.ok), at: Self.t0).isEmpty)
        #expect(workflow.handle(.retryScan, at: Self.t0) == [.resumeDetection])
        _ = workflow.handle(.partScanned(.ok), at: Self.t0)
        guard case .presentScan(let step)? = workflow.handle(.retake, at: Self.t0).first else { Issue.record("no retake"); return }
        #expect(step.part == .front)
        #expect(workflow.handle(.partScanned(.unreadable), at: Self.t0) == [.resumeDetection])

        var analysed = Self.licence { $0.analyseBeforeConfirming = true }
        #expect(analysed.handle(.partScanned(.ok), at: Self.t0) == [.showConfirmation(.analyzing), .startAnalysis])
        #expect(analysed.handle(.confirm, at: Self.t0).isEmpty)   // neither confirm nor retake while analysing
        #expect(analysed.handle(.analysisFinished(passed: false), at: Self.t0) == [.showConfirmation(.analyzingResponseReject)])
        #expect(analysed.handle(.confirm, at: Self.t0).isEmpty)   // a rejected image can only be retaken
        guard case .presentScan? = analysed.handle(.retake, at: Self.t0).first else { Issue.record("no retake"); return }
        _ = analysed.handle(.partScanned(.ok), at: Self.t0)
        #expect(analysed.handle(.analysisFinished(passed: true), at: Self.t0) == [.showConfirmation(.analyzingResponsePass)])
        guard case .presentScan(let back)? = analysed.handle(.confirm, at: Self.t0).first else { Issue.record("no next part"); return }
        #expect(back.part == .back)
    }
}
