import Foundation
import PapersCore
@testable import PapersImaging
import PapersImagingCodecs
@testable import PapersRecognition
import PapersVerification
import Testing

/// The decision rules, input by input.
@Suite("Verification decisions")
struct VerificationDeciderTests {
    static let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    /// The specimen expires on 2012-04-15: approved before, expired after.
    static let before = CalendarDate(year: 2010, month: 1, day: 1)!

    static let analysis: CaptureAnalysis = {
        let photo = try! ImageCodecs.decode(contentsOf: Samples.photo("passport-td3.jpg"))
        return CaptureAnalyzer().analyze(photo).analysis
    }()

    static func reading(failed: [String] = [], unsure: Int = 0) -> MRZReading {
        let document = try! MRZParser.parse(lines: lines, today: before)
        return MRZReading(format: .mrp, lines: lines, confidences: lines.map { $0.map { _ in 0.99 } },
                          failedChecks: failed, corrections: 0,
                          uncertainPositions: (0..<unsure).map { MRZReading.Position(line: 1, column: $0) }, document: document)
    }

    static func input(_ reading: MRZReading?, analysis: CaptureAnalysis = analysis, readable: Bool = true) -> VerificationDecider.Input {
        let side = SideScan(analysis: analysis, mrz: reading, mrzError: nil, barcodes: [], aamva: nil, qrCodes: [],
                            face: nil, faceDetectorRan: false, portrait: nil, rectified: nil)
        return .init(hasFront: true, frontAnalysis: analysis,
                     scan: readable ? .success(DocumentScan(sides: [side])) : .failure(RecognitionError(code: .nothingReadable)), hasFace: false)
    }

    func decide(_ input: VerificationDecider.Input, today: CalendarDate = before, _ adjust: (inout VerificationRequest) -> Void = { _ in }) -> VerificationResult {
        var request = VerificationRequest()
        adjust(&request)
        return VerificationDecider(today: today).decide(input, request: request)
    }

    @Test("a verified, unexpired MRZ is approved; the same document after its expiry is not")
    func approvedAndExpired() {
        let approved = decide(Self.input(Self.reading()))
        #expect(approved.verificationStatus == .approvedVerified)
        #expect(approved.rejectReason == nil)
        #expect(approved.checks.mrzCheckDigits == .ok && approved.checks.expiry == .ok)
        let expired = decide(Self.input(Self.reading()), today: CalendarDate(year: 2026, month: 11, day: 23)!)
        #expect(expired.verificationStatus == .deniedUnsupportedIDType)
        #expect(expired.rejectReason?.code == "DOCUMENT_EXPIRED")
        #expect(expired.checks.expiry == .failed)
    }

    @Test("a failed check digit on a confidently read MRZ is fraud; with unsure characters it is unreadable")
    func checkDigits() {
        let fraud = decide(Self.input(Self.reading(failed: ["documentNumber"])))
        #expect(fraud.verificationStatus == .deniedFraud)
        #expect(fraud.rejectReason?.code == "MRZ_CHECK_FAILED")
        #expect(fraud.checks.failedMrzChecks == ["documentNumber"])
        let unsure = decide(Self.input(Self.reading(failed: ["documentNumber"], unsure: 2)))
        #expect(unsure.verificationStatus == .errorNotReadableID)
        #expect(unsure.rejectReason?.code == "UNREADABLE")
    }

    @Test("nothing readable gets the capture analysis' reason; no front image is NO_ID_UPLOADED")
    func unreadable() {
        var blurred = Self.analysis
        blurred.isBlurry = true
        #expect(decide(Self.input(nil, analysis: blurred, readable: false)).rejectReason?.code == "BLURRED")
        var glare = Self.analysis
        glare.glareDetected = true
        #expect(decide(Self.input(nil, analysis: glare, readable: false)).rejectReason?.code == "GLARE")
        var empty = Self.analysis
        empty.documentDetected = false
        let notFound = decide(Self.input(nil, analysis: empty, readable: false))
        #expect(notFound.verificationStatus == .errorNotReadableID)
        #expect(notFound.rejectReason?.code == "NOT_FOUND")
        let none = VerificationDecider(today: Self.before).decide(.init(hasFront: false, frontAnalysis: nil, scan: nil, hasFace: false), request: VerificationRequest())
        #expect(none.verificationStatus == .noIDUploaded)
    }

    @Test("preselected types and country are enforced; extraction only makes no decision")
    func preselectionAndExtractionOnly() {
        let type = decide(Self.input(Self.reading())) { $0.preselectedDocumentTypes = [.driverLicense] }
        #expect(type.rejectReason?.code == "UNSUPPORTED_DOCUMENT_TYPE")
        let country = decide(Self.input(Self.reading())) { $0.preselectedCountry = "D" }
        #expect(country.rejectReason?.code == "UNSUPPORTED_COUNTRY")
        let accepted = decide(Self.input(Self.reading())) { $0.preselectedCountry = "UTO"; $0.preselectedDocumentTypes = [.passport] }
        #expect(accepted.verificationStatus == .approvedVerified && accepted.checks.documentAccepted == .ok)
        let extraction = decide(Self.input(Self.reading(failed: ["composite"]))) { $0.enableVerification = false }
        #expect(extraction.verificationStatus == nil && extraction.rejectReason == nil)
        #expect(extraction.document?.lastName == "ERIKSSON")
        let identity = decide(Self.input(Self.reading())) { $0.enableIdentityVerification = true }
        #expect(identity.identityVerification?.similarity == "NOT_POSSIBLE")
        #expect(identity.identityVerification?.reason == "NO_FACE_IMAGE")
    }

    @Test("a cropped document is framed by a plain border of the opposite brightness")
    func framed() {
        let light = Image(width: 40, height: 20, format: .rgb, fill: 230)
        let framed = VerificationProcessor.framed(light)
        #expect(framed.width == 56 && framed.height == 36)
        #expect(framed.pixels[0] == 40)
        #expect(framed.pixels[(18 * framed.width + 28) * 3] == 230)
        #expect(VerificationProcessor.framed(Image(width: 40, height: 20, format: .gray, fill: 20)).pixels[0] == 215)
    }

    @Test("glare is the reason only when the scanner found it over the MRZ")
    func glareWhereItMatters() {
        var glaring = Self.analysis
        glaring.glareDetected = true
        let decider = VerificationDecider(today: Self.before)
        #expect(decider.unreadableReason(glaring, cause: .mrzUnreadable, detail: "cells could not be placed") == ("UNREADABLE", "cells could not be placed"))
        #expect(decider.unreadableReason(glaring, cause: .glareOverMRZ, detail: "glare covers the MRZ").0 == "GLARE")
        #expect(decider.unreadableReason(glaring).0 == "GLARE")
    }

    @Test("impossible dates and an MRZ that disagrees with the barcode")
    func consistency() {
        var document = DocumentData(extractionMethod: .mrz)
        document.dob = CalendarDate(year: 2030, month: 1, day: 1)
        document.issuingDate = CalendarDate(year: 2020, month: 1, day: 1)
        document.expiryDate = CalendarDate(year: 2019, month: 1, day: 1)
        let issues = VerificationDecider(today: CalendarDate(year: 2026, month: 1, day: 1)!).dataQualityIssues(document)
        #expect(issues.contains("DOB_IN_FUTURE") && issues.contains("EXPIRY_BEFORE_ISSUE") && issues.contains("ISSUED_BEFORE_BIRTH"))

        var mrz = DocumentData(extractionMethod: .mrz)
        mrz.lastName = "ERIKSSON"; mrz.dob = CalendarDate(year: 1974, month: 8, day: 12); mrz.gender = .female
        var barcode = mrz
        #expect(VerificationDecider.mismatchedFields(mrz, barcode).isEmpty)
        barcode.lastName = "Eriksson-Lindqvist"  // the MRZ may truncate: a prefix is no mismatch
        #expect(VerificationDecider.mismatchedFields(mrz, barcode).isEmpty)
        barcode.dob = CalendarDate(year: 1975, month: 8, day: 12)
        barcode.lastName = "SMITH"
        #expect(VerificationDecider.mismatchedFields(mrz, barcode) == ["dob", "lastName"])
        // Given names: the licence's first name may be the start of the MRZ's given names.
        mrz.firstName = "ANNA MARIA"
        barcode = mrz
        barcode.firstName = "Anna"
        #expect(mrz.disagreements(with: barcode).isEmpty)
        barcode.firstName = "Beatrix"
        #expect(mrz.disagreements(with: barcode) == ["firstName"])
    }
}
