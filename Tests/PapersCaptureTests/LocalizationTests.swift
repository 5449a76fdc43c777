import PapersCapture
import PapersCore
import PapersImaging
import Testing

@Suite("Localisation")
struct LocalizationTests {
    @Test("English and Vietnamese carry the same keys, every text translated; the language changes at run time")
    func bundled() throws {
        #expect(Localization.supportedLanguages == ["en", "vi"])
        var texts = try Localization(language: "en")
        let english = Dictionary(uniqueKeysWithValues: CaptureGuidance.allCases.map { ($0, texts.text(for: $0)) })
        let keys = texts.keys
        try texts.setLanguage("vi")
        #expect(texts.language == "vi")
        #expect(texts.keys == keys)
        for guidance in CaptureGuidance.allCases {
            #expect(texts.text(for: guidance) != english[guidance], "\(guidance)")
            #expect(texts.text(for: guidance) != guidance.rawValue)
        }
        #expect(texts.text(for: .holdStill) == "Giữ yên")
        #expect(texts.message(for: WorkflowError(.flipDocument)).contains("mặt sau"))
        for kind in WorkflowError.Kind.allCases { #expect(!texts.message(for: WorkflowError(kind)).isEmpty) }
        #expect(texts.help(.back, .ocr).short == "Quét mặt sau")
        #expect(throws: LocalizationError.self) { try Localization(language: "fr") }
        #expect(throws: LocalizationError.self) { try texts.setLanguage("xx") }
        #expect(texts.language == "vi")
    }

    @Test("the workflow speaks the configured language, and switches when asked")
    func workflowLanguage() throws {
        var configuration = WorkflowConfiguration()
        configuration.preselectedCountry = "USA"
        configuration.preselectedTypes = [.driverLicense]
        configuration.language = "vi"
        var workflow = VerificationWorkflow(configuration: configuration)
        guard case .presentScan(let step)? = workflow.handle(.start, at: .zero).first else { Issue.record("no scan"); return }
        #expect(step.shortHelp == "Quét mặt trước")
        try workflow.setLanguage("en")
        _ = workflow.handle(.partScanned(.ok), at: .zero)
        guard case .presentScan(let back)? = workflow.handle(.confirm, at: .zero).first else { Issue.record("no back"); return }
        #expect(back.shortHelp == "Scan the barcode")
    }
}
