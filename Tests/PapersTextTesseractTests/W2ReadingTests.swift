import Foundation
import PapersImaging
import PapersRecognition
import PapersSynthesis
import Testing
@testable import PapersTextTesseract

/// Every box of synthetic Forms W-2, printed flat, read through Tesseract and the W-2 extractor.
struct W2ReadingTests {
    static let reader = TextDocumentReader(recognizer: TesseractTextRecognizer())

    static func read(_ image: Image) throws -> W2Form {
        guard case .w2(let form) = try reader.read(image, as: .w2) else { throw RecognitionError(code: .noText) }
        return form
    }

    /// Form 0 of seed 3 fills boxes a to f, 1 to 6, 12a to 12c, 14 and one state row; the other
    /// boxes are empty and must read as empty. (Field accuracy over many forms, photographed, is
    /// measured by Benchmarks/receipts_eval.py, not asserted.)
    @Test func readsEveryBoxOfAScannedForm() throws {
        let scan = try W2PhotoSet().scan(seed: 3, index: 0)
        let truth = scan.truth
        let form = try Self.read(scan.image)
        #expect(form.text(.employeeSSN) == truth.employeeSSN)
        #expect(form.text(.ein) == truth.ein)
        #expect(form.text(.employerName) == truth.employerName)
        #expect(form.text(.employerAddress) == truth.employerAddress)
        #expect(form.text(.controlNumber) == truth.controlNumber)
        #expect(form.text(.employeeName) == truth.employeeName)
        #expect(form.text(.employeeAddress) == truth.employeeAddress)
        #expect(form.amount(.wagesOtherComps) == truth.wagesOtherComps)
        #expect(form.amount(.federalIncomeTax) == truth.federalIncomeTax)
        #expect(form.amount(.ssWages) == truth.ssWages)
        #expect(form.amount(.ssTax) == truth.ssTax)
        #expect(form.amount(.medicareWages) == truth.medicareWages)
        #expect(form.amount(.medicareTax) == truth.medicareTax)
        #expect(form.amount(.ssTips) == truth.ssTips)
        #expect(form.amount(.allocatedTips) == truth.allocatedTips)
        #expect(form.amount(.dependentCareBenefits) == truth.dependentCareBenefits)
        #expect(form.amount(.nonQualifiedPlans) == truth.nonQualifiedPlans)
        let twelve = [(W2Box.field12aCode, W2Box.field12aAmount, truth.field12a), (.field12bCode, .field12bAmount, truth.field12b),
                      (.field12cCode, .field12cAmount, truth.field12c), (.field12dCode, .field12dAmount, truth.field12d)]
        for (code, amount, expected) in twelve {
            #expect(form.text(code) == expected?.code, "\(code.rawValue)")
            #expect(form.amount(amount) == expected?.amount, "\(amount.rawValue)")
        }
        #expect(form.box13?.statutoryEmployee == truth.is13a)
        #expect(form.box13?.retirementPlan == truth.is13b)
        #expect(form.box13?.thirdPartySickPay == truth.is13c)
        #expect(form.other.map(\.description) == truth.field14Other.map(\.column1))
        #expect(form.other.map(\.amount) == truth.field14Other.map(\.column2))
        #expect(form.states.map { $0.state?.value } == truth.states.map(\.state))
        #expect(form.states.map { $0.employerStateID?.value } == truth.states.map(\.employerStateID))
        #expect(form.states.map { $0.stateWagesTips?.value } == truth.states.map(\.stateWagesTips))
        #expect(form.states.map { $0.stateIncomeTax?.value } == truth.states.map(\.stateIncomeTax))
        #expect(form.states.map { $0.localWagesTips?.value } == truth.states.map(\.localWagesTips))
        #expect(form.states.map { $0.localIncomeTax?.value } == truth.states.map(\.localIncomeTax))
        #expect(form.states.map { $0.localityName?.value } == truth.states.map(\.localityName))
        // Boxes carry where they were printed.
        #expect(form.boxes.values.allSatisfy { $0.box != nil && $0.confidence > 0 })
    }

    @Test func aReceiptIsNotAW2() throws {
        let page = try SyntheticTextImage.render(["CAFE LUNA", "LATTE 3.50", "TOTAL 3.50"], fontPath: PrintFonts.mono)
        let text = try TesseractTextRecognizer().recognize(page)
        #expect(!W2Extractor.looksLikeW2(text))
        let form = try W2PhotoSet().scan(seed: 3, index: 0)
        #expect(W2Extractor.looksLikeW2(try TesseractTextRecognizer().recognize(form.image)))
    }
}
